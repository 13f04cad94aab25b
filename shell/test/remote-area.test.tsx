import { testHostContext } from '@backoffice/shared/host/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteArea } from '../src/components/RemoteArea.tsx';
import type { RemoteEntry } from '../src/registry/registry.ts';

const loadRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('../src/federation/runtime.ts', () => ({ loadRemoteApp }));

const remote: RemoteEntry = {
  name: 'mf_mines',
  entry: 'http://localhost:3005/mf-manifest.json',
  routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
  menu: [],
};

describe('a remote area', () => {
  beforeEach(() => {
    loadRemoteApp.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('renders the remote app with the host context', async () => {
    loadRemoteApp.mockResolvedValue({
      default: ({ host }: { host: { admin: { email: string } } }) => <p>hello {host.admin.email}</p>,
    });
    render(<RemoteArea remote={remote} host={testHostContext()} />);
    expect(await screen.findByText('hello admin@example.com')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenCalledWith(remote, false);
  });

  it('shows the fallback when the remote is down, and Retry recovers without a reload', async () => {
    loadRemoteApp.mockRejectedValueOnce(new Error('#RUNTIME-003 Failed to get manifest'));
    render(<RemoteArea remote={remote} host={testHostContext()} />);
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('#RUNTIME-003 Failed to get manifest')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();

    loadRemoteApp.mockResolvedValue({ default: () => <p>mines are back</p> });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mines are back')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenLastCalledWith(remote, true);
  });

  it("shows the spec's error page, inside the layout, for a loaded remote that throws while rendering", async () => {
    let crash = true;
    loadRemoteApp.mockResolvedValue({
      default: () => {
        if (crash) throw new Error('Cannot read properties of undefined (reading "total_pool")');
        return <p>closed lotteries</p>;
      },
    });
    const host = testHostContext();
    const page = (pathname: string) => (
      <div>
        <a href="/">sidebar stays</a>
        <RemoteArea remote={remote} host={host} resetKey={pathname} />
      </div>
    );
    const { rerender } = render(page('/lottery/open'));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Cannot read properties of undefined (reading "total_pool")')).toBeTruthy();
    expect(screen.queryByText('This area is unavailable')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('sidebar stays')).toBeTruthy();

    // 'Back to Dashboard' navigates inside the console (no reload).
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(host.navigations.at(-1)).toBe('/');

    // Another route of the same area clears the error page.
    crash = false;
    rerender(page('/lottery/closed'));
    expect(await screen.findByText('closed lotteries')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('keeps the unavailable fallback when a loaded remote fails to fetch one of its chunks', async () => {
    loadRemoteApp.mockResolvedValue({
      default: () => {
        const error = new Error('Loading chunk 412 failed.\n(error: http://localhost:3005/static/js/412.js)');
        error.name = 'ChunkLoadError';
        throw error;
      },
    });
    render(<RemoteArea remote={remote} host={testHostContext()} />);
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
