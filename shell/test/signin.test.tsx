import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
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

function renderSignIn() {
  return render(
    <MemoryRouter initialEntries={['/auth/signin']}>
      <Routes>
        <Route path="/auth/signin" element={<SignInPage />} />
        <Route path="/" element={<p>dashboard page</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

function fillCredentials(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in (spec sections 2.4 and 5)', () => {
  beforeEach(() => useAuth.getState().clear());

  it('shows the title and the field errors with the exact messages', async () => {
    renderSignIn();
    expect(screen.getByText('Welcome Back!')).toBeTruthy();
    expect(screen.getByText('Please sign in to your admin account to continue')).toBeTruthy();
    fillCredentials('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    fillCredentials('not-an-email', '12345');
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it("shows the server's message when the credentials are wrong", async () => {
    fakeApi({
      'POST /admin/auth/login': () => ({
        status: 401,
        data: { success: false, message: 'Invalid email or password' },
      }),
    });
    renderSignIn();
    fillCredentials('admin@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(useAuth.getState().token).toBeNull();
  });

  it('verifies a 6-digit code: digits only, Verify enabled only with 6 digits, then signed in', async () => {
    const seen = fakeApi({
      'POST /admin/auth/login': (config) =>
        JSON.parse(String(config.data)).twoFactorToken
          ? ok({ token: 'session-token', user }, 'Login successful')()
          : ok({ twoFactorRequired: true }, 'Two-factor code required')(),
    });
    renderSignIn();
    fillCredentials('admin@example.com', 'secret123');
    const code = await screen.findByLabelText('Authentication code');
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    fireEvent.change(code, { target: { value: '12a3' } });
    expect((code as HTMLInputElement).value).toBe('123');
    expect(verify.disabled).toBe(true);
    fireEvent.change(code, { target: { value: '1234567' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    expect(verify.disabled).toBe(false);
    fireEvent.click(verify);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('admin@example.com');
    expect(JSON.parse(String(seen.at(-1)?.data))).toMatchObject({
      email: 'admin@example.com',
      twoFactorToken: '123456',
    });
  });

  it('sets up the authenticator with the QR code, using the one-off setup token', async () => {
    const seen = fakeApi({
      'POST /admin/auth/login': ok(
        {
          setupRequired: true,
          qrCodeUrl: 'data:image/png;base64,AAAA',
          secret: 'JBSWY3DPEHPK3PXP',
          userId: 1,
          token: 'setup-token',
        },
        'Set up two-factor authentication',
      ),
      'POST /admin/auth/2fa/enable': ok({ token: 'session-token', user }, '2FA set up successfully'),
    });
    renderSignIn();
    fillCredentials('admin@example.com', 'secret123');
    expect(await screen.findByText('Set Up Google Authenticator')).toBeTruthy();
    expect(screen.getByAltText('QR code for your authenticator app').getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    const complete = screen.getByRole('button', { name: 'Complete Setup & Sign In' }) as HTMLButtonElement;
    expect(complete.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '654321' } });
    fireEvent.click(complete);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    const enable = seen.find((config) => config.url === '/admin/auth/2fa/enable');
    expect(enable?.headers.Authorization).toBe('Bearer setup-token');
    expect(JSON.parse(String(enable?.data))).toEqual({
      userId: 1,
      secret: 'JBSWY3DPEHPK3PXP',
      token: '654321',
    });
    await waitFor(() => expect(useAuth.getState().token).toBe('session-token'));
  });

  it("shows 'Invalid response from server' for a successful login without data", async () => {
    fakeApi({
      'POST /admin/auth/login': () => ({ status: 200, data: { success: true, message: 'ok', data: {} } }),
    });
    renderSignIn();
    fillCredentials('admin@example.com', 'secret123');
    expect(await screen.findByText('Invalid response from server')).toBeTruthy();
  });
});
