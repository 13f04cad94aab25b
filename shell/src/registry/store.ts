import { create } from 'zustand';
import { useAuth } from '../auth/store.ts';
import { fetchRegistry, inlineRegistry, type Registry, registryFor } from './registry.ts';

interface RegistryState {
  /** What the signed-in admin loads: the API's registry with the cohorts they belong to (registryFor). */
  registry: Registry | null;
  /** The API's answer as it came. */
  read: Registry | null;
  /** Why the first read failed (a failed refresh keeps the registry in use and says nothing). */
  error: string | null;
  /** When the registry was last read (Date.now()); 0 before. */
  readAt: number;
  /** No area was entered yet with the registry the page started with (it is that fresh). */
  pageRead: boolean;
  /** A shell version newer than the one this page runs: the console asks for a reload. */
  shellUpdate: string | null;
  /** The first read: the inlined registry, else the API's; nothing when there is one. */
  load(): Promise<void>;
  /** Asks the API again; the registry object stays the same while its revision does. */
  refresh(): Promise<void>;
}

const inlined = typeof window === 'undefined' ? null : inlineRegistry();
/** The shell this page runs: the live one of the registry it started with (undefined before that). */
let pageShell: string | null | undefined = inlined ? (inlined.shell?.version ?? null) : undefined;
let reading: Promise<void> | null = null;

const forAdmin = (read: Registry | null) => read && registryFor(read, useAuth.getState().user);

export const useRegistry = create<RegistryState>((set, get) => ({
  registry: forAdmin(inlined),
  read: inlined,
  error: null,
  readAt: inlined ? Date.now() : 0,
  pageRead: true,
  shellUpdate: null,
  load() {
    return get().registry ? Promise.resolve() : get().refresh();
  },
  refresh() {
    reading ??= fetchRegistry()
      .then(
        (next) => {
          const current = get().registry;
          if (current?.revision === next.revision) return set({ readAt: Date.now(), error: null });
          const shell = next.shell?.version ?? null;
          if (pageShell === undefined) pageShell = shell;
          set({
            registry: forAdmin(next),
            read: next,
            readAt: Date.now(),
            error: null,
            shellUpdate: shell !== null && shell !== pageShell ? shell : null,
          });
        },
        (error: unknown) => {
          if (!get().registry) set({ error: error instanceof Error ? error.message : String(error) });
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  },
}));

// Another admin signed in (or roles changed): their cohorts, not the last one's.
useAuth.subscribe((state, before) => {
  if (state.user !== before.user) useRegistry.setState({ registry: forAdmin(useRegistry.getState().read) });
});
