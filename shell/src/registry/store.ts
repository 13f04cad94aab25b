import { create } from 'zustand';
import { fetchRegistry, type Registry } from './registry.ts';

interface RegistryState {
  registry: Registry | null;
  error: string | null;
  load(): Promise<void>;
}

export const useRegistry = create<RegistryState>((set, get) => ({
  registry: null,
  error: null,
  async load() {
    if (get().registry) return;
    set({ error: null });
    try {
      set({ registry: await fetchRegistry() });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
