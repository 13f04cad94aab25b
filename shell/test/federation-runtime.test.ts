import { afterEach, describe, expect, it, vi } from 'vitest';

// The federation runtime's instance: what the remote's './app' module is, when the test says.
const remoteModule = vi.hoisted(() => ({ current: {} as object }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => ({ registerRemotes: () => {}, loadRemote: async () => remoteModule.current }),
}));
vi.mock('@module-federation/runtime-core', () => ({}));
const { loadRemoteApp, loadedRemoteApp } = await import('../src/federation/runtime.ts');

const build = (version: string) => ({
  name: 'mf_support_users',
  entry: `/remotes/mf-support-users/${version}/mf-manifest.json`,
});
const App = () => null;

describe('loading an area (shell/src/federation/runtime.ts)', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it("settles once the page's screen is in too, so the area's first render shows it", async () => {
    window.history.pushState({}, '', '/users/42');
    let screenIn: () => void = () => {};
    const preload = vi.fn(() => new Promise<void>((resolve) => (screenIn = resolve)));
    remoteModule.current = { default: App, preload };
    let settled = false;
    const load = loadRemoteApp(build('1.0.0')).then((module) => {
      settled = true;
      return module;
    });
    await vi.waitFor(() => expect(preload).toHaveBeenCalledWith('/users/42'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    screenIn();
    expect((await load).default).toBe(App);
    expect(loadedRemoteApp(build('1.0.0'))?.default).toBe(App);
  });

  it('a screen that failed to load does not fail the area: the screen is asked for again when it renders', async () => {
    remoteModule.current = { default: App, preload: async () => Promise.reject(new Error('chunk failed')) };
    expect((await loadRemoteApp(build('1.0.1'))).default).toBe(App);
  });
});
