import type { Area } from '@backoffice/shared/permissions';
import { useNavigate } from 'react-router-dom';
import { type PreviewVersion, usePreview } from '../../registry/preview.ts';
import { useRegistry } from '../../registry/store.ts';

/** The first page of an area, from the registry's routes (`/<area>` when the area is not live). */
export function firstPathOf(area: Area): string {
  const remote = useRegistry.getState().registry?.remotes.find((candidate) => candidate.area === area);
  return remote?.routes[0]?.path ?? `/${area}`;
}

/** Loads a version that is not live in this tab only, then opens the area to try it. */
export function useStartPreview() {
  const navigate = useNavigate();
  return (area: Area, preview: PreviewVersion) => {
    usePreview.getState().start(area, preview);
    navigate(firstPathOf(area));
  };
}
