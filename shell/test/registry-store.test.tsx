import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minesAt, registryOf, serveRegistry } from './registry-fixtures.ts';

/** A fresh store module: it reads the inlined registry when it loads, as the page does at start. */
async function freshStore() {
  vi.resetModules();
  return import('../src/registry/store.ts');
}

const withGlobal = globalThis as { __BACKOFFICE_REGISTRY__?: unknown };

describe('the registry store', () => {
  afterEach(() => {
    delete withGlobal.__BACKOFFICE_REGISTRY__;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses the registry inlined into index.html, without a request', async () => {
    const fetch = serveRegistry(() => registryOf([minesAt('9.9.9')]));
    withGlobal.__BACKOFFICE_REGISTRY__ = registryOf([minesAt('1.0.0')]);
    const { useRegistry } = await freshStore();
    const { isRegistryFresh } = await import('../src/registry/refresh.ts');
    expect(useRegistry.getState().registry?.remotes[0]?.version).toBe('1.0.0');
    await useRegistry.getState().load();
    expect(fetch).not.toHaveBeenCalled();
    expect(isRegistryFresh()).toBe(true);
  });

  it('ignores an invalid inlined registry and asks the API', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = serveRegistry(() => registryOf([minesAt('1.0.0')]));
    withGlobal.__BACKOFFICE_REGISTRY__ = { remotes: 'none' };
    const { useRegistry } = await freshStore();
    expect(useRegistry.getState().registry).toBeNull();
    await useRegistry.getState().load();
    expect(fetch).toHaveBeenCalledWith(
      'http://localhost:3000/api/console/registry',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    expect(useRegistry.getState().registry?.remotes[0]?.version).toBe('1.0.0');
  });

  it('keeps the same registry object while the revision is unchanged, and takes a new one', async () => {
    let live = registryOf([minesAt('1.0.0')]);
    const fetch = serveRegistry(() => live);
    const { useRegistry } = await freshStore();
    await useRegistry.getState().load();
    const first = useRegistry.getState().registry;
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().registry).toBe(first);

    live = registryOf([minesAt('1.1.0')]);
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().registry).not.toBe(first);
    expect(useRegistry.getState().registry?.remotes[0]?.version).toBe('1.1.0');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('says why the first read failed; a failed refresh keeps the registry in use', async () => {
    let answer: number | ReturnType<typeof registryOf> = 502;
    serveRegistry(() => answer);
    const { useRegistry } = await freshStore();
    await useRegistry.getState().load();
    expect(useRegistry.getState().error).toBe('The area registry could not be loaded (HTTP 502)');

    answer = registryOf([minesAt('1.0.0')]);
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().error).toBeNull();
    answer = 500;
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().error).toBeNull();
    expect(useRegistry.getState().registry?.remotes[0]?.version).toBe('1.0.0');
  });

  it('notices a new shell version after the page loaded', async () => {
    let live = registryOf([minesAt('1.0.0')], { shell: { version: '2.0.0', commit: 'a', previous: null } });
    serveRegistry(() => live);
    withGlobal.__BACKOFFICE_REGISTRY__ = live;
    const { useRegistry } = await freshStore();
    live = { ...live, revision: 'r2', remotes: [minesAt('1.0.1')] };
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().shellUpdate).toBeNull();
    live = { ...live, revision: 'r3', shell: { version: '2.1.0', commit: 'b', previous: '2.0.0' } };
    await useRegistry.getState().refresh();
    expect(useRegistry.getState().shellUpdate).toBe('2.1.0');
  });

  it('refreshes every minute while the tab is visible, and on coming back after a minute', async () => {
    vi.useFakeTimers();
    const fetch = serveRegistry(() => registryOf([minesAt('1.0.0')]));
    const { useRegistry } = await freshStore();
    const { watchRegistry } = await import('../src/registry/refresh.ts');
    await useRegistry.getState().load();
    const stop = watchRegistry();
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
    // Back again soon after a read: nothing to ask.
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);

    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('the console update banner', () => {
  it('asks for a page reload when a new shell went live', async () => {
    const { useRegistry } = await freshStore();
    const { default: ConsoleUpdates } = await import('../src/components/ConsoleUpdates.tsx');
    serveRegistry(() => registryOf([]));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<ConsoleUpdates />);
    expect(screen.queryByText(/The console was updated/)).toBeNull();

    act(() => useRegistry.setState({ shellUpdate: '2.1.0' }));
    const banner = screen.getByText(/The console was updated/).parentElement;
    expect(banner?.textContent).toBe('The console was updated — Reload');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
