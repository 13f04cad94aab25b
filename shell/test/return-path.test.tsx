import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { PublicOnly, RequireAuth } from '../src/app/guards.tsx';
import { returnPathOf, safeReturnPath, signInPathFor } from '../src/auth/return-path.ts';
import { useAuth } from '../src/auth/store.ts';
import SignInPage from '../src/features/signin/SignInPage.tsx';
import { fakeApi, ok } from './fake-api.ts';

const user = {
  id: 1,
  email: 'admin@example.com',
  name: 'Admin',
  roles: ['superadmin'],
  twoFactorEnabled: true,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}

/** The shell's guards around the sign-in page and a console page, as the router has them. */
function renderConsole(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/auth/signin"
          element={
            <PublicOnly>
              <SignInPage />
            </PublicOnly>
          }
        />
        <Route
          path="*"
          element={
            <RequireAuth>
              <p>console page</p>
            </RequireAuth>
          }
        />
      </Routes>
      <Where />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('a deep link survives the sign-in (issue 22)', () => {
  beforeEach(() => useAuth.getState().clear());

  it('sends an admin without a session to sign-in and, after the 2FA code, to the page asked for', async () => {
    fakeApi({
      'POST /admin/auth/login': (config) =>
        JSON.parse(String(config.data)).twoFactorToken
          ? ok({ token: 'session-token', user }, 'Login successful')()
          : ok({ twoFactorRequired: true }, 'Two-factor code required')(),
    });
    renderConsole('/withdrawals/pending?page=3');
    expect(where()).toBe('/auth/signin?redirect=%2Fwithdrawals%2Fpending%3Fpage%3D3');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('console page')).toBeTruthy();
    expect(where()).toBe('/withdrawals/pending?page=3');
  });

  it('never leaves the console: a foreign return path signs in to the dashboard', async () => {
    fakeApi({ 'POST /admin/auth/login': ok({ token: 'session-token', user }, 'Login successful') });
    renderConsole(`/auth/signin?redirect=${encodeURIComponent('//evil.example/phish')}`);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('console page')).toBeTruthy();
    expect(where()).toBe('/');
  });

  it('a signed-in admin opening the sign-in link goes straight to its page', () => {
    useAuth.getState().signIn('session-token', user);
    renderConsole('/auth/signin?redirect=%2Fusers%3Fstatus%3Dblocked');
    expect(where()).toBe('/users?status=blocked');
  });

  it('accepts only paths of the console, never an open redirect', () => {
    expect(safeReturnPath('/withdrawals/pending?page=3#top')).toBe('/withdrawals/pending?page=3#top');
    expect(safeReturnPath('/users/12')).toBe('/users/12');
    for (const bad of [
      null,
      '',
      'users',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/users\\..\\x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tjavascript:alert(1)',
      '/\n/evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/auth/signin?redirect=/x',
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    expect(returnPathOf('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(returnPathOf('')).toBe('/');
  });

  it('remembers the page, not the dashboard', () => {
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/auth/signin');
    expect(
      signInPathFor({ pathname: '/audit', search: '?target_type=withdrawal&target_id=42', hash: '' }),
    ).toBe('/auth/signin?redirect=%2Faudit%3Ftarget_type%3Dwithdrawal%26target_id%3D42');
  });
});
