import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../src/app/guards.tsx';
import { SessionExpiryWarning } from '../src/auth/SessionExpiryWarning.tsx';
import { announcement, expiryOf, formatRemaining } from '../src/auth/session-expiry.ts';
import { useAuth } from '../src/auth/store.ts';
import { fakeApi, ok } from './fake-api.ts';

const user = {
  id: 1,
  email: 'admin@example.com',
  name: 'Admin',
  roles: ['superadmin'],
  twoFactorEnabled: true,
};
const MINUTE = 60_000;

/** A token whose `exp` is `ms` from now (unsigned: the console only reads it). */
function tokenExpiringIn(ms: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replaceAll('=', '');
  const exp = Math.floor((Date.now() + ms) / 1000);
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', role: ['superadmin'], exp })}.sig`;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderConsole(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/signin" element={<Where />} />
        <Route
          path="*"
          element={
            <RequireAuth>
              <Where />
              <SessionExpiryWarning />
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Moves the fake clock, letting React render what the timers changed. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const dialog = () => screen.queryByRole('alertdialog', { name: 'Session about to expire' });

describe('the session-expiry warning', () => {
  beforeEach(async () => {
    // Loaded before the clock is faked: the dialog's lazy import then resolves at once.
    await import('../src/auth/SessionExpiryDialog.tsx');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // On a whole second, as the token's exp is: the times left below are exact.
    vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
    useAuth.getState().clear();
  });

  it('reads the expiry from the token and writes the time left as m:ss', () => {
    const token = tokenExpiringIn(5 * MINUTE);
    expect(expiryOf(token)).toBe(Math.floor((Date.now() + 5 * MINUTE) / 1000) * 1000);
    expect(expiryOf('garbage')).toBeNull();
    expect(expiryOf(null)).toBeNull();
    expect(formatRemaining(119_000)).toBe('1:59');
    expect(formatRemaining(119_001)).toBe('2:00');
    expect(formatRemaining(-5)).toBe('0:00');
    expect(announcement(90_000)).toBe('');
    expect(announcement(60_000)).toBe('Your session expires in less than 1 minute.');
    expect(announcement(12_000)).toBe('Your session expires in less than 30 seconds.');
    expect(announcement(3_000)).toBe('Your session expires in less than 10 seconds.');
  });

  it('warns two minutes before, counts down, and announces at 1 minute', async () => {
    useAuth.getState().signIn(tokenExpiringIn(3 * MINUTE), user);
    renderConsole('/withdrawals/pending');
    await pass(MINUTE - 1000);
    expect(dialog()).toBeNull();
    await pass(1500);
    const shown = dialog();
    expect(shown).not.toBeNull();
    expect(shown!.textContent).toContain('Your session expires in 2:00');
    expect(shown!.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(shown!.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Your session expires in \d:\d\d$/,
    );
    // The focus is in the dialog, on the way to stay.
    expect(document.activeElement?.textContent).toBe('Stay signed in');
    const live = shown!.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    await pass(30_000);
    // 89.5 s left: the whole seconds still to go.
    expect(shown!.textContent).toContain('Your session expires in 1:30');
    expect(live.textContent).toBe('');
    await pass(30_000);
    expect(live.textContent).toBe('Your session expires in less than 1 minute.');
  });

  it('Stay signed in renews the session and closes the warning', async () => {
    const renewed = tokenExpiringIn(60 * MINUTE);
    const seen = fakeApi({
      'POST /admin/auth/session/renew': ok({ token: renewed, user }, 'Session renewed'),
    });
    useAuth.getState().signIn(tokenExpiringIn(2 * MINUTE - 1000), user);
    renderConsole('/users');
    await pass(100);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await pass(100);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'post /admin/auth/session/renew',
    ]);
    expect(useAuth.getState().token).toBe(renewed);
    await pass(1000);
    expect(dialog()).toBeNull();
    // The old session's end passes without signing the admin out.
    await pass(2 * MINUTE);
    expect(useAuth.getState().token).toBe(renewed);
    expect(screen.getByTestId('where').textContent).toBe('/users');
  });

  it("at the sign-in's bound, a renewal that cannot extend says so; Continue works on until the end", async () => {
    // The API's renewal ends at the bound: 90 s from now, no later than the token it replaces.
    const atBound = tokenExpiringIn(90_000);
    const seen = fakeApi({
      'POST /admin/auth/session/renew': ok({ token: atBound, user }, 'Session renewed'),
    });
    useAuth.getState().signIn(tokenExpiringIn(90_000), user);
    renderConsole('/users');
    await pass(100);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await pass(100);
    expect(seen).toHaveLength(1);
    expect(useAuth.getState().token).toBe(atBound);
    // The dialog stays, says so, and offers no renewal that would change nothing.
    const shown = dialog();
    expect(shown).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Your session cannot be extended. Please sign in again.',
    );
    expect(shown!.textContent).toMatch(/Your session expires in 1:[23]\d/);
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Continue');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await pass(1000);
    expect(dialog()).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/users');
    // At the end: signed out as any session that ends, and the warning does not come back before.
    await pass(80_000);
    expect(dialog()).toBeNull();
    expect(useAuth.getState().token).toBe(atBound);
    await pass(10_000);
    expect(useAuth.getState().token).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('signs out at the end and keeps the page for after the sign-in', async () => {
    useAuth.getState().signIn(tokenExpiringIn(90_000), user);
    renderConsole('/withdrawals/pending?page=2');
    await pass(100);
    expect(dialog()).not.toBeNull();
    await pass(90_000);
    expect(useAuth.getState().token).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe(
      `/auth/signin?redirect=${encodeURIComponent('/withdrawals/pending?page=2')}`,
    );
  });
});
