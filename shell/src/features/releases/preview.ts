import type { Area } from '@backoffice/shared/permissions';
import { useNavigate } from 'react-router-dom';
import { usePreview } from '../../registry/preview.ts';
import { useRegistry } from '../../registry/store.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * The first page of an area, from the registry's routes. Read loosely on purpose: the registry's shape
 * is not this screen's business, and a registry without the area still has `/<area>`.
 */
export function firstPathOf(area: Area): string {
  const { registry } = useRegistry.getState() as { registry?: unknown };
  const remotes = isObject(registry) && Array.isArray(registry.remotes) ? registry.remotes : [];
  const name = `mf_${area.replaceAll('-', '_')}`;
  const remote = remotes.find(
    (candidate): candidate is Json =>
      isObject(candidate) && (candidate.area === area || (!candidate.area && candidate.name === name)),
  );
  const first = Array.isArray(remote?.routes) ? remote.routes[0] : undefined;
  return isObject(first) && typeof first.path === 'string' ? first.path : `/${area}`;
}

/** Loads a version that is not live in this tab only, then opens the area to try it. */
export function useStartPreview() {
  const navigate = useNavigate();
  return (area: Area, preview: { version: string; entry: string }) => {
    usePreview.getState().start(area, preview);
    navigate(firstPathOf(area));
  };
}
