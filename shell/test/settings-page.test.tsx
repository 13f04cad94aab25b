import type { FourEyesSettings } from '@backoffice/shared/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import SettingsPage, { needsSecondApproval } from '../src/features/settings/SettingsPage.tsx';
import { fakeApi, ok } from './fake-api.ts';

const superadmin = (id: number) => ({ id, email: `root${id}@example.com`, roles: ['superadmin'] });

/** The threshold of 10,000 in force; a raise to 200,000 asked by admin #2 waits for a second superadmin. */
const waiting: FourEyesSettings = {
  threshold: '10000',
  source: 'env',
  envThreshold: '10000',
  settingThreshold: null,
  updatedAt: null,
  updatedBy: null,
  pending: { threshold: '200000', requestedBy: 2, requestedAt: '2026-03-02T09:00:00.000Z' },
};
const approved: FourEyesSettings = {
  ...waiting,
  threshold: '200000',
  source: 'setting',
  settingThreshold: '200000',
  pending: null,
};

function renderPage() {
  return render(
    <MemoryRouter>
      <SettingsPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe('the Settings screen: a four-eyes change awaiting second approval (issue 21)', () => {
  afterEach(() => useAuth.getState().clear());

  it('another superadmin sees it and approves it: the change it saw goes to the API', async () => {
    useAuth.getState().signIn('session', superadmin(1));
    let current = waiting;
    const seen = fakeApi({
      'GET /admin/settings/four-eyes': () => ok(current)(),
      'POST /admin/settings/four-eyes/approve': () => {
        current = approved;
        return ok(approved, 'Four-eyes threshold change approved')();
      },
    });
    renderPage();
    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    expect(screen.getByText('200,000 USDT')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve change' }));
    await waitFor(() => expect(screen.queryByText('Awaiting second approval')).toBeNull());
    const post = seen.find((c) => c.method === 'post');
    expect(post?.url).toBe('/admin/settings/four-eyes/approve');
    expect(JSON.parse(post?.data as string)).toEqual({ threshold: '200000' });
    expect(await screen.findByText('Four-eyes threshold is now 200,000 USDT')).toBeTruthy();
  });

  it('the superadmin who asked for it sees it waiting, with no approve action', async () => {
    useAuth.getState().signIn('session', superadmin(2));
    fakeApi({ 'GET /admin/settings/four-eyes': ok(waiting) });
    renderPage();
    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    expect(screen.getByText(/Another superadmin must approve it before it takes effect/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve change' })).toBeNull();
  });

  it('knows which changes need a second approval (raising above the ceiling, or turning off)', () => {
    expect(needsSecondApproval('10000', '100000')).toBe(false);
    expect(needsSecondApproval('10000', '100000.01')).toBe(true);
    expect(needsSecondApproval('500000', '200000')).toBe(false);
    expect(needsSecondApproval('10000', null)).toBe(true);
    expect(needsSecondApproval(null, '5000')).toBe(false);
  });
});
