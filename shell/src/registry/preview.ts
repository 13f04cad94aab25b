import type { Area } from '@backoffice/shared/permissions';
import { create } from 'zustand';

/** A version of an area that is not live, loaded for this browser tab only (docs/operations.md#releases). */
export interface PreviewVersion {
  version: string;
  /** Its mf-manifest.json URL and its first files' integrity (from the Releases screen's list). */
  entry: string;
  integrity?: Record<string, string>;
}

const KEY = 'backoffice.preview';

function stored(): Partial<Record<Area, PreviewVersion>> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<Record<Area, PreviewVersion>>;
  } catch {
    return {};
  }
}

interface PreviewState {
  previews: Partial<Record<Area, PreviewVersion>>;
  start(area: Area, preview: PreviewVersion): void;
  exit(area: Area): void;
}

/**
 * Previews an ops admin started from the Releases screen, to check a version in the real console before
 * promoting it. Kept in sessionStorage: this tab only, gone when it closes; nobody else sees them.
 */
export const usePreview = create<PreviewState>((set, get) => ({
  previews: typeof sessionStorage === 'undefined' ? {} : stored(),
  start(area, preview) {
    const previews = { ...get().previews, [area]: preview };
    sessionStorage.setItem(KEY, JSON.stringify(previews));
    set({ previews });
  },
  exit(area) {
    const { [area]: _left, ...previews } = get().previews;
    sessionStorage.setItem(KEY, JSON.stringify(previews));
    set({ previews });
  },
}));
