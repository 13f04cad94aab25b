import { type TestHost, testHostContext } from '@backoffice/shared/host/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteEntry } from '../src/registry/registry.ts';
import { minesAt, previousOf, registryOf, serveRegistry } from './registry-fixtures.ts';

const loadRemoteApp = vi.hoisted(() => vi.fn());
/** A remote this page loaded already (in the background): none unless a test says. */
const loadedRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('../src/federation/runtime.ts', () => ({ loadRemoteApp, loadedRemoteApp }));

type Build = () => Promise<unknown>;
const app =
  (text: string): Build =>
  async () => ({ default: () => <p>{text}</p> });
const rejects =
  (message: string): Build =>
  async () => {
    throw new Error(message);
  };
const entryOf = (version: string) => `/remotes/mf-mines/${version}/mf-manifest.json`;

/** loadRemoteApp answers per version (from the entry's folder); an unknown one never settles. */
function serveBuilds(builds: Record<string, Build>) {
  loadRemoteApp.mockImplementation(({ entry }: { entry: string }) => {
    const version = /\/mf-mines\/([^/]+)\//.exec(entry)?.[1] ?? entry;
    return builds[version]?.() ?? new Promise(() => {});
  });
}

/** A host whose report calls answer as the API does; its `requests` are the reports sent. */
const reportingHost = () =>
  testHostContext({
    'POST /admin/console/reports': () => ({
      success: true,
      message: 'Report received',
      data: { rolledBack: false },
    }),
  });
const reports = (host: TestHost) =>
  host.requests.filter((request) => request.path === '/admin/console/reports').map((request) => request.body);
const releaseLabel = () => document.querySelector('.shell-area-release');

// Fresh for each test: reports are limited per tab, in the module.
let RemoteArea: typeof import('../src/components/RemoteArea.tsx').RemoteArea;

describe('a remote area', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ RemoteArea } = await import('../src/components/RemoteArea.tsx'));
    loadRemoteApp.mockReset();
    loadedRemoteApp.mockReset();
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the live version with the host context, says which under it, and reports the load', async () => {
    loadRemoteApp.mockResolvedValue({
      default: ({ host }: { host: { admin: { email: string } } }) => <p>hello {host.admin.email}</p>,
    });
    const host = reportingHost();
    render(<RemoteArea remote={minesAt('1.0.0')} host={host} />);
    expect(await screen.findByText('hello admin@example.com')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenCalledWith(
      { name: 'mf_mines', entry: entryOf('1.0.0'), integrity: {} },
      false,
    );
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.0.0');
    expect(releaseLabel()?.getAttribute('title')).toBe('commit commit-1.0.0');
    // Deferred: never with the area's first render.
    expect(reports(host)).toEqual([]);
    await waitFor(() => expect(reports(host)).toHaveLength(1), { timeout: 3000 });
    expect(reports(host)[0]).toEqual({ kind: 'load', area: 'mines', version: '1.0.0', route: '/' });
  });

  it('renders a remote loaded already at once, without suspending (no loading spinner first)', async () => {
    loadedRemoteApp.mockImplementation(({ entry }: { entry: string }) =>
      entry === entryOf('1.0.0') ? { default: () => <p>mines at once</p> } : undefined,
    );
    render(<RemoteArea remote={minesAt('1.0.0')} host={reportingHost()} />);
    expect(screen.getByText('mines at once')).toBeTruthy();
    expect(loadRemoteApp).not.toHaveBeenCalled();
  });

  it('falls back to the previous version when the live one fails to load, says so and reports it', async () => {
    const refused =
      'Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of mf_mines which needs ^20.0.0)';
    serveBuilds({ '1.4.0': rejects(refused), '1.3.2': app('mines 1.3.2') });
    const host = reportingHost();
    render(<RemoteArea remote={minesAt('1.4.0', { previous: previousOf('1.3.2') })} host={host} />);
    expect(await screen.findByText('mines 1.3.2')).toBeTruthy();
    expect(screen.getByText('Mines 1.4.0 failed to load; showing 1.3.2').getAttribute('role')).toBe('status');
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.3.2');
    expect(releaseLabel()?.hasAttribute('title')).toBe(false);
    expect(screen.queryByText('This area is unavailable')).toBeNull();
    await waitFor(() =>
      expect(reports(host)).toContainEqual(
        expect.objectContaining({ kind: 'failure', area: 'mines', version: '1.4.0', message: refused }),
      ),
    );
  });

  it('shows no update when the API rolls the failed version back to the one already shown', async () => {
    serveBuilds({ '1.4.1': rejects('#RUNTIME-008 entry of 1.4.1'), '1.3.3': app('mines 1.3.3') });
    const host = reportingHost();
    const { rerender } = render(
      <RemoteArea remote={minesAt('1.4.1', { previous: previousOf('1.3.3') })} host={host} />,
    );
    expect(await screen.findByText('mines 1.3.3')).toBeTruthy();
    rerender(<RemoteArea remote={minesAt('1.3.3', { previous: previousOf('1.4.1') })} host={host} />);
    expect(screen.queryByText(/was updated/)).toBeNull();
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.3.3');
    expect(loadRemoteApp).toHaveBeenCalledTimes(2);
  });

  it('falls back to the previous version when the live one throws on mount', async () => {
    serveBuilds({
      '1.5.0': async () => ({
        default: () => {
          throw new Error('mines 1.5.0 cannot start');
        },
      }),
      '1.4.9': app('mines 1.4.9'),
    });
    const host = reportingHost();
    render(<RemoteArea remote={minesAt('1.5.0', { previous: previousOf('1.4.9') })} host={host} />);
    expect(await screen.findByText('mines 1.4.9')).toBeTruthy();
    expect(screen.getByText('Mines 1.5.0 failed to load; showing 1.4.9')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    await waitFor(() =>
      expect(reports(host)).toContainEqual(
        expect.objectContaining({ kind: 'failure', version: '1.5.0', message: 'mines 1.5.0 cannot start' }),
      ),
    );
  });

  it('is unavailable when no version loads; Retry reads the registry, then loads the live version again', async () => {
    serveBuilds({
      '2.0.0': rejects('#RUNTIME-003 Failed to get manifest of 2.0.0'),
      '1.9.0': rejects('#RUNTIME-008 Failed to load the entry of 1.9.0'),
    });
    const remote = minesAt('2.0.0', { previous: previousOf('1.9.0') });
    const host = reportingHost();
    render(<RemoteArea remote={remote} host={host} />);
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('#RUNTIME-008 Failed to load the entry of 1.9.0')).toBeTruthy();
    expect(screen.queryByText(/failed to load; showing/)).toBeNull();
    await waitFor(() =>
      expect(reports(host).map((report) => (report as { version: string }).version)).toEqual([
        '2.0.0',
        '1.9.0',
      ]),
    );

    const fetchRegistry = serveRegistry(() => registryOf([remote]));
    serveBuilds({ '2.0.0': app('mines 2.0.0 is back') });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mines 2.0.0 is back')).toBeTruthy();
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    expect(loadRemoteApp).toHaveBeenLastCalledWith(
      { name: 'mf_mines', entry: entryOf('2.0.0'), integrity: {} },
      true,
    );
    expect(screen.queryByText('This area is unavailable')).toBeNull();
  });

  it('without a previous version, shows the fallback when the remote is down, and Retry recovers', async () => {
    serveRegistry(() => 503);
    serveBuilds({ '1.0.0': rejects('#RUNTIME-003 Failed to get manifest') });
    render(<RemoteArea remote={minesAt('1.0.0')} host={reportingHost()} />);
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('#RUNTIME-003 Failed to get manifest')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();

    serveBuilds({ '1.0.0': app('mines are back') });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mines are back')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenLastCalledWith(
      { name: 'mf_mines', entry: entryOf('1.0.0'), integrity: {} },
      true,
    );
  });

  it('is unavailable when the only version throws while rendering; another route of the area tries again', async () => {
    let crash = true;
    loadRemoteApp.mockResolvedValue({
      default: () => {
        if (crash) throw new Error('Cannot read properties of undefined (reading "total_pool")');
        return <p>closed lotteries</p>;
      },
    });
    const host = reportingHost();
    const page = (pathname: string) => (
      <div>
        <a href="/">sidebar stays</a>
        <RemoteArea remote={minesAt('1.0.0')} host={host} resetKey={pathname} />
      </div>
    );
    const { rerender } = render(page('/lottery/open'));
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('Cannot read properties of undefined (reading "total_pool")')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    expect(screen.getByText('sidebar stays')).toBeTruthy();

    // Another route of the same area starts it again.
    crash = false;
    rerender(page('/lottery/closed'));
    expect(await screen.findByText('closed lotteries')).toBeTruthy();
    expect(screen.queryByText('This area is unavailable')).toBeNull();
  });

  it('falls back to the previous version in this tab for a crash after a successful mount, and reports it', async () => {
    let crash = false;
    serveBuilds({
      '3.0.0': async () => ({
        default: () => {
          if (crash) throw new Error('mines crashed once its figures arrived');
          return <p>mines dashboard 3.0.0</p>;
        },
      }),
      '2.9.0': app('mines dashboard 2.9.0'),
    });
    const host = reportingHost();
    const remote = minesAt('3.0.0', { previous: previousOf('2.9.0') });
    const { rerender } = render(<RemoteArea remote={remote} host={host} resetKey="/mines/a" />);
    expect(await screen.findByText('mines dashboard 3.0.0')).toBeTruthy();
    crash = true;
    rerender(<RemoteArea remote={remote} host={host} resetKey="/mines/b" />);
    expect(await screen.findByText('mines dashboard 2.9.0')).toBeTruthy();
    // The same notice as a load failure.
    expect(screen.getByText('Mines 3.0.0 failed to load; showing 2.9.0').getAttribute('role')).toBe('status');
    expect(releaseLabel()?.textContent).toBe('mf_mines 2.9.0');
    expect(screen.queryByText('This area is unavailable')).toBeNull();
    await waitFor(() =>
      expect(reports(host)).toContainEqual(
        expect.objectContaining({
          kind: 'failure',
          version: '3.0.0',
          message: 'mines crashed once its figures arrived',
        }),
      ),
    );
    // It stays on the version that works as the admin moves around the area.
    rerender(<RemoteArea remote={remote} host={host} resetKey="/mines/c" />);
    expect(screen.getByText('mines dashboard 2.9.0')).toBeTruthy();
  });

  it('is unavailable when the previous version crashes too', async () => {
    const crashes = (version: string) => async () => ({
      default: () => {
        throw new Error(`mines ${version} crashed`);
      },
    });
    serveBuilds({ '3.1.0': crashes('3.1.0'), '3.0.9': crashes('3.0.9') });
    render(
      <RemoteArea remote={minesAt('3.1.0', { previous: previousOf('3.0.9') })} host={reportingHost()} />,
    );
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('mines 3.0.9 crashed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the unavailable fallback when a loaded remote fails to fetch one of its chunks', async () => {
    loadRemoteApp.mockResolvedValue({
      default: () => {
        const error = new Error('Loading chunk 412 failed.\n(error: http://localhost:3005/static/js/412.js)');
        error.name = 'ChunkLoadError';
        throw error;
      },
    });
    render(<RemoteArea remote={minesAt('1.0.0')} host={reportingHost()} />);
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('offers to reload a working area when a new version goes live; Reload remounts it with that version', async () => {
    serveBuilds({ '1.0.0': app('mines 1.0.0'), '1.1.0': app('mines 1.1.0') });
    const host = reportingHost();
    const { rerender } = render(<RemoteArea remote={minesAt('1.0.0')} host={host} />);
    expect(await screen.findByText('mines 1.0.0')).toBeTruthy();

    rerender(<RemoteArea remote={minesAt('1.1.0')} host={host} />);
    const banner = screen.getByText(/was updated/).parentElement;
    expect(banner?.textContent).toBe('Mines was updated — Reload');
    // The admin's screen stays as it is until they choose.
    expect(screen.getByText('mines 1.0.0')).toBeTruthy();
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.0.0');
    expect(loadRemoteApp).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('mines 1.1.0')).toBeTruthy();
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.1.0');
    expect(screen.queryByText(/was updated/)).toBeNull();
    expect(loadRemoteApp).toHaveBeenLastCalledWith(
      { name: 'mf_mines', entry: entryOf('1.1.0'), integrity: {} },
      false,
    );
  });

  it('an area still loading, or failed, takes a new version at once', async () => {
    serveBuilds({ '1.1.0': app('mines 1.1.0') }); // 1.0.0 never arrives
    const host = reportingHost();
    const { rerender } = render(<RemoteArea remote={minesAt('1.0.0')} host={host} />);
    await waitFor(() => expect(loadRemoteApp).toHaveBeenCalledTimes(1));
    rerender(<RemoteArea remote={minesAt('1.1.0')} host={host} />);
    expect(await screen.findByText('mines 1.1.0')).toBeTruthy();
    expect(screen.queryByText(/was updated/)).toBeNull();

    serveBuilds({ '1.2.0': rejects('#RUNTIME-003 no 1.2.0'), '1.2.1': app('mines 1.2.1') });
    rerender(<RemoteArea remote={minesAt('1.2.0')} host={host} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    rerender(<RemoteArea remote={minesAt('1.2.1')} host={host} />);
    expect(await screen.findByText('mines 1.2.1')).toBeTruthy();
  });

  it('loads a preview alone, with a banner, and leaves it for the live version', async () => {
    serveBuilds({ '1.0.0': app('mines live'), '1.5.0': app('mines preview') });
    const host = reportingHost();
    const exit = vi.fn();
    const preview = { version: '1.5.0', entry: entryOf('1.5.0') };
    const remote: RemoteEntry = minesAt('1.0.0', { previous: previousOf('0.9.0') });
    const { rerender } = render(
      <RemoteArea remote={remote} host={host} preview={preview} onExitPreview={exit} />,
    );
    expect(await screen.findByText('mines preview')).toBeTruthy();
    expect(screen.getByText('Preview mines 1.5.0')).toBeTruthy();
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.5.0');
    fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
    expect(exit).toHaveBeenCalledTimes(1);

    rerender(<RemoteArea remote={remote} host={host} preview={null} onExitPreview={exit} />);
    expect(await screen.findByText('mines live')).toBeTruthy();
    expect(screen.queryByText(/Preview mines/)).toBeNull();
    expect(releaseLabel()?.textContent).toBe('mf_mines 1.0.0');
  });

  it('does not fall back from a preview that fails', async () => {
    serveBuilds({ '1.6.0': rejects('#RUNTIME-003 preview 1.6.0 is gone'), '0.9.0': app('mines 0.9.0') });
    const preview = { version: '1.6.0', entry: entryOf('1.6.0') };
    render(
      <RemoteArea
        remote={minesAt('1.0.0', { previous: previousOf('0.9.0') })}
        host={reportingHost()}
        preview={preview}
      />,
    );
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('Preview mines 1.6.0')).toBeTruthy();
    expect(screen.queryByText('mines 0.9.0')).toBeNull();
  });
});
