import { create } from 'zustand';
import { useAuth } from '../auth/store.ts';

export type ColorMode = 'light' | 'dark';
export type Density = 'comfortable' | 'compact';

export interface Appearance {
  mode: ColorMode;
  density: Density;
}

export const defaultAppearance: Appearance = { mode: 'light', density: 'comfortable' };

/** Each admin's own choice on this browser: two admins sharing a machine keep theirs. */
export const appearanceKey = (adminId: number | string) => `appearance:${adminId}`;

export function readAppearance(adminId: number | string | undefined): Appearance {
  if (adminId === undefined) return defaultAppearance;
  try {
    const stored = JSON.parse(
      localStorage.getItem(appearanceKey(adminId)) ?? 'null',
    ) as Partial<Appearance> | null;
    return {
      mode: stored?.mode === 'dark' ? 'dark' : 'light',
      density: stored?.density === 'compact' ? 'compact' : 'comfortable',
    };
  } catch {
    return defaultAppearance;
  }
}

interface AppearanceState extends Appearance {
  set(change: Partial<Appearance>): void;
}

const signedInId = () => useAuth.getState().user?.id;

/** The signed-in admin's colour mode and density; signed out, the console's default look. */
export const useAppearance = create<AppearanceState>((set, get) => ({
  ...readAppearance(signedInId()),
  set(change) {
    const next = { mode: get().mode, density: get().density, ...change };
    const id = signedInId();
    if (id !== undefined) localStorage.setItem(appearanceKey(id), JSON.stringify(next));
    set(next);
  },
}));

// Another admin signing in (or out) brings their own look.
useAuth.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useAppearance.setState(readAppearance(state.user?.id));
});

/** The look on <html>, for the console's own CSS: set before React's first paint, so no light flash. */
function applyToDocument({ mode, density }: Appearance) {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.dataset.density = density;
  root.style.colorScheme = mode;
}
applyToDocument(useAppearance.getState());
useAppearance.subscribe(applyToDocument);
