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

    loadRemoteApp.mockResolvedValue({ default: () => <p>mines are back</p> });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mines are back')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenLastCalledWith(remote, true);
  });

  it('contains a remote that throws while rendering', async () => {
    loadRemoteApp.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    render(
      <div>
        <p>sidebar stays</p>
        <RemoteArea remote={remote} host={testHostContext()} />
      </div>,
    );
    expect(await screen.findByText('This area is unavailable')).toBeTruthy();
    expect(screen.getByText('sidebar stays')).toBeTruthy();
  });
});
