import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RemoteRoute from '../src/app/RemoteRoute.tsx';
import { useAuth } from '../src/auth/store.ts';
import { usePreview } from '../src/registry/preview.ts';
import { useRegistry } from '../src/registry/store.ts';
import { fakeApi, ok } from './fake-api.ts';
import { minesAt, registryOf, serveRegistry } from './registry-fixtures.ts';

const loadRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('../src/federation/runtime.ts', () => ({ loadRemoteApp, loadedRemoteApp: () => undefined }));

const signIn = (roles: string[]) =>
  useAuth.setState({ token: 'token', user: { id: 1, email: 'ops@example.com', roles } });

function renderMines() {
  return render(
    <MemoryRouter initialEntries={['/mines/dashboard']}>
      <RemoteRoute />
    </MemoryRouter>,
  );
}

describe('the route of an area', () => {
  beforeEach(() => {
    loadRemoteApp.mockReset();
    loadRemoteApp.mockImplementation(async ({ entry }: { entry: string }) => ({
      default: () => <p>mines from {entry}</p>,
    }));
    fakeApi({ 'POST /admin/console/reports': ok({ rolledBack: false }) });
    usePreview.getState().exit('mines');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuth.setState({ token: null, user: null });
  });

  it('asks the API for the registry when entering an area, and loads its live version', async () => {
    signIn(['mines']);
    // Read a while ago: mines was rolled back since.
    useRegistry.setState({ registry: registryOf([minesAt('2.0.0')]), readAt: 0 });
    const fetch = serveRegistry(() => registryOf([minesAt('1.9.0')]));
    renderMines();
    expect(await screen.findByText('mines from /remotes/mf-mines/1.9.0/mf-manifest.json')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(loadRemoteApp).toHaveBeenCalledTimes(1);
  });

  it('enters at once with a registry just read', async () => {
    signIn(['mines']);
    useRegistry.setState({ registry: registryOf([minesAt('2.0.0')]), readAt: Date.now(), pageRead: true });
    const fetch = serveRegistry(() => registryOf([minesAt('2.0.0')]));
    renderMines();
    expect(await screen.findByText('mines from /remotes/mf-mines/2.0.0/mf-manifest.json')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks again on a later entry, however recent the last read (a rollback may have just happened)', async () => {
    signIn(['mines']);
    useRegistry.setState({ registry: registryOf([minesAt('2.0.0')]), readAt: Date.now(), pageRead: false });
    const fetch = serveRegistry(() => registryOf([minesAt('1.9.0')]));
    renderMines();
    expect(await screen.findByText('mines from /remotes/mf-mines/1.9.0/mf-manifest.json')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("loads an ops admin's preview, with a banner; Exit preview goes back to the live version", async () => {
    signIn(['ops', 'mines']);
    useRegistry.setState({ registry: registryOf([minesAt('1.0.0')]), readAt: Date.now() });
    usePreview
      .getState()
      .start('mines', { version: '1.5.0', entry: '/remotes/mf-mines/1.5.0/mf-manifest.json' });
    renderMines();
    expect(await screen.findByText('mines from /remotes/mf-mines/1.5.0/mf-manifest.json')).toBeTruthy();
    expect(screen.getByText('Preview mines 1.5.0')).toBeTruthy();
    expect(document.querySelector('.shell-area-release')?.textContent).toBe('mf_mines 1.5.0');

    fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
    expect(await screen.findByText('mines from /remotes/mf-mines/1.0.0/mf-manifest.json')).toBeTruthy();
    expect(screen.queryByText(/Preview mines/)).toBeNull();
    expect(usePreview.getState().previews).toEqual({});
    await waitFor(() =>
      expect(document.querySelector('.shell-area-release')?.textContent).toBe('mf_mines 1.0.0'),
    );
  });

  it('ignores a stored preview for an admin who does not manage releases', async () => {
    signIn(['mines']);
    useRegistry.setState({ registry: registryOf([minesAt('1.0.0')]), readAt: Date.now() });
    usePreview
      .getState()
      .start('mines', { version: '1.5.0', entry: '/remotes/mf-mines/1.5.0/mf-manifest.json' });
    renderMines();
    expect(await screen.findByText('mines from /remotes/mf-mines/1.0.0/mf-manifest.json')).toBeTruthy();
    expect(screen.queryByText(/Preview mines/)).toBeNull();
  });
});
