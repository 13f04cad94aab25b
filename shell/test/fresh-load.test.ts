import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { describe, expect, it, vi } from 'vitest';

// The federation runtime's instance, as far as runtime.ts uses it: what it was registered with, its
// plugins, and a loadRemote the test answers.
const runtime = vi.hoisted(() => ({
  /** The next createInstance throws (the runtime's chunk did not download). */
  failNextInstance: false,
  plugins: [] as ModuleFederationRuntimePlugin[],
  registrations: [] as { entry: string; force: boolean }[],
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: (options: { plugins: ModuleFederationRuntimePlugin[] }) => {
    if (runtime.failNextInstance) {
      runtime.failNextInstance = false;
      throw new Error('Loading chunk federation failed.');
    }
    runtime.plugins = options.plugins;
    return {
      registerRemotes: (remotes: { entry: string }[], options?: { force?: boolean }) =>
        runtime.registrations.push({ entry: remotes[0]!.entry, force: Boolean(options?.force) }),
      loadRemote: runtime.loadRemote,
    };
  },
}));
vi.mock('@module-federation/runtime-core', () => ({}));
const { loadRemoteApp } = await import('../src/federation/runtime.ts');

const App = () => null;
const mines = { name: 'mf_mines', entry: '/remotes/mf-mines/1.0.0/mf-manifest.json' };
const refused = () => Promise.reject(new Error('#RUNTIME-008 Failed to load script resources'));

/** The entry URL the runtime would load for mines now: the snapshot through the plugins' hook. */
async function entryOfNextLoad(): Promise<string> {
  let args = {
    moduleInfo: { name: mines.name },
    remoteSnapshot: { remoteEntry: 'static/js/mf_mines.e710955e.js' },
  } as Parameters<NonNullable<ModuleFederationRuntimePlugin['loadRemoteSnapshot']>>[0];
  for (const plugin of runtime.plugins) args = (await plugin.loadRemoteSnapshot?.(args)) ?? args;
  return (args.remoteSnapshot as { remoteEntry: string }).remoteEntry;
}

describe('loading an area again after a failure (shell/src/federation/fresh-load.ts)', () => {
  it('the federation runtime that failed to download is asked for again by the next load', async () => {
    runtime.failNextInstance = true;
    await expect(loadRemoteApp(mines)).rejects.toThrow('Loading chunk federation failed.');
    runtime.loadRemote.mockImplementationOnce(async () => ({ default: App }));
    expect((await loadRemoteApp(mines)).default).toBe(App);
    expect(await entryOfNextLoad()).toBe('static/js/mf_mines.e710955e.js');
  });

  it('entering an area again after its load failed registers it again and asks for its entry afresh', async () => {
    const other = { ...mines, entry: '/remotes/mf-mines/1.1.0/mf-manifest.json' };
    runtime.loadRemote.mockImplementationOnce(refused);
    await expect(loadRemoteApp(other)).rejects.toThrow('#RUNTIME-008');
    const registered = runtime.registrations.length;

    runtime.loadRemote.mockImplementationOnce(async () => ({ default: App }));
    expect((await loadRemoteApp(other)).default).toBe(App);
    expect(runtime.registrations.slice(registered)).toEqual([
      { entry: `http://localhost:3000${other.entry}`, force: true },
    ]);
    const entry = await entryOfNextLoad();
    expect(entry).toMatch(/^static\/js\/mf_mines\.e710955e\.js\?attempt=\d+$/);

    // Each attempt has a URL of its own: a Retry does not meet the failure of the one before.
    runtime.loadRemote.mockImplementationOnce(async () => ({ default: App }));
    await loadRemoteApp(other, true);
    const retried = await entryOfNextLoad();
    expect(retried).toMatch(/\?attempt=\d+$/);
    expect(retried).not.toBe(entry);
  });

  it('a load that worked leaves the next version of the area to its plain URLs', async () => {
    runtime.loadRemote.mockImplementationOnce(async () => ({ default: App }));
    await loadRemoteApp({ ...mines, entry: '/remotes/mf-mines/1.2.0/mf-manifest.json' });
    expect(await entryOfNextLoad()).toBe('static/js/mf_mines.e710955e.js');
  });
});
