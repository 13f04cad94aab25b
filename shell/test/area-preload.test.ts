import type { RegistryRemote } from '@backoffice/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registry } from '../src/registry/registry.ts';

// The federation runtime is not what is tested here: which areas load, when, and one after the other.
const loads: string[] = [];
let finishLoad: (() => void) | null = null;
vi.mock('../src/federation/runtime.ts', () => ({
  preloadRemote: (remote: { name: string }) => {
    loads.push(remote.name);
    return new Promise<void>((resolve) => {
      finishLoad = resolve;
    });
  },
}));
const { preloadAreas } = await import('../src/federation/preload.ts');

const remote = (name: string, area: RegistryRemote['area']) =>
  ({ name, area, entry: `/remotes/${name}/1.0.0/mf-manifest.json` }) as RegistryRemote;
const registry = {
  revision: 'r1',
  shell: null,
  remotes: [remote('mf_lottery', 'lottery'), remote('mf_finance', 'finance'), remote('mf_mines', 'mines')],
} satisfies Registry;

async function finishCurrent() {
  finishLoad?.();
  finishLoad = null;
  await vi.runAllTimersAsync();
}

describe('preloadAreas (shell/src/federation/preload.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    loads.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
  });

  it('after the delay, loads the areas the roles may read, one after the other', async () => {
    preloadAreas(
      () => registry,
      () => ['lottery', 'finance'],
      4000,
    );
    await vi.advanceTimersByTimeAsync(3999);
    expect(loads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect(loads).toEqual(['mf_lottery']);
    await finishCurrent();
    expect(loads).toEqual(['mf_lottery', 'mf_finance']);
    await finishCurrent();
    expect(loads).toEqual(['mf_lottery', 'mf_finance']);
  });

  it('stops what has not started when the layout goes (signed out)', async () => {
    const stop = preloadAreas(
      () => registry,
      () => ['superadmin'],
      100,
    );
    await vi.advanceTimersByTimeAsync(100);
    await vi.runAllTimersAsync();
    stop();
    await finishCurrent();
    expect(loads).toEqual(['mf_lottery']);
  });

  it('never with a delay of 0, nor on a connection that asks to save data', async () => {
    preloadAreas(
      () => registry,
      () => ['superadmin'],
      0,
    );
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    preloadAreas(
      () => registry,
      () => ['superadmin'],
      100,
    );
    await vi.runAllTimersAsync();
    expect(loads).toEqual([]);
  });
});
