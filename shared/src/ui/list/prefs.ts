import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { persist } from 'zustand/middleware';

/** What an admin chose on one list and expects to find again: page size, sort, hidden columns. */
export interface ListPrefs {
  pageSize?: number;
  sort?: { by: string; type: 'asc' | 'desc' };
  hiddenColumns?: string[];
}

interface ListPrefsState {
  lists: Record<string, ListPrefs>;
  update(list: string, patch: ListPrefs): void;
}

type ListPrefsStore = UseBoundStore<StoreApi<ListPrefsState>>;

const stores = new Map<string, ListPrefsStore>();

/**
 * One persisted store per area (localStorage `bo:list-prefs:<area>`): each remote bundles its own copy of
 * this module, so a store shared by all areas would be written by several copies at once.
 */
export function listPrefsStore(area: string): ListPrefsStore {
  let store = stores.get(area);
  if (!store) {
    store = create<ListPrefsState>()(
      persist(
        (set) => ({
          lists: {},
          update: (list, patch) =>
            set((state) => ({ lists: { ...state.lists, [list]: { ...state.lists[list], ...patch } } })),
        }),
        { name: `bo:list-prefs:${area}`, partialize: (state) => ({ lists: state.lists }) },
      ),
    );
    stores.set(area, store);
  }
  return store;
}

const NONE: ListPrefs = {};

/** The remembered preferences of one list and their setter. */
export function useListPrefs(area: string, list: string): [ListPrefs, (patch: ListPrefs) => void] {
  const store = listPrefsStore(area);
  const prefs = store((state) => state.lists[list] ?? NONE);
  const update = store((state) => state.update);
  return [prefs, (patch) => update(list, patch)];
}
