import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import TwoFactorPage from '../src/features/account/TwoFactorPage.tsx';
import { Sidebar } from '../src/layout/Sidebar.tsx';
import { fakeApi, ok } from './fake-api.ts';

const admin = { id: 7, email: 'admin@example.com', name: 'Demo Admin', roles: ['superadmin'] };
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=',
  otpauthUrl: 'otpauth://totp/Back%20Office:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  userId: 7,
};
const scanMessage = 'Scan the QR code with your authenticator app';
const fail = (status: number, message: string) => () => ({ status, data: { success: false, message } });

function renderPage(twoFactorEnabled: boolean) {
  useAuth.getState().signIn('old-session', { ...admin, twoFactorEnabled });
  return render(
    <MemoryRouter initialEntries={['/account/two-factor']}>
      <Routes>
        <Route path="/account/two-factor" element={<TwoFactorPage />} />
        <Route path="/" element={<p>dashboard page</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const body = (config: { data?: unknown } | undefined) => JSON.parse(String(config?.data));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('two-factor authentication of the signed-in admin (/account/two-factor)', () => {
  beforeEach(() => useAuth.getState().clear());

  it('sets 2FA up when it is off: QR code and key, a 6-digit code, Enable, the new session stored', async () => {
    const seen = fakeApi({
      'GET /admin/auth/2fa/setup': ok(setup, scanMessage),
      'POST /admin/auth/2fa/enable': ok(
        { token: 'new-session', user: { ...admin, twoFactorEnabled: true } },
        '2FA set up successfully',
      ),
    });
    renderPage(false);
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace authenticator' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    const qr = (await screen.findByAltText('QR code for your authenticator app')) as HTMLImageElement;
    expect(qr.src).toBe(setup.qrCodeUrl);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    expect(screen.queryByLabelText('New code from your current app')).toBeNull();

    const enable = screen.getByRole('button', { name: 'Enable' }) as HTMLButtonElement;
    expect(enable.disabled).toBe(true);
    type('Authentication code', '12a45');
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('1245');
    fireEvent.blur(screen.getByLabelText('Authentication code'));
    expect(screen.getByText('Please enter a valid 6-digit code')).toBeTruthy();
    expect(enable.disabled).toBe(true);
    type('Authentication code', '123456');
    expect(enable.disabled).toBe(false);
    fireEvent.click(enable);

    expect(await screen.findByText('2FA set up successfully')).toBeTruthy();
    expect(body(seen.at(-1))).toEqual({ userId: 7, secret: setup.secret, token: '123456' });
    expect(localStorage.getItem('auth_token')).toBe('new-session');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').twoFactorEnabled).toBe(true);
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace authenticator' })).toBeTruthy();
    expect(screen.queryByAltText('QR code for your authenticator app')).toBeNull();
  });

  it("shows the API's message when the code is refused and keeps the session and the step", async () => {
    fakeApi({
      'GET /admin/auth/2fa/setup': ok(setup, scanMessage),
      'POST /admin/auth/2fa/enable': fail(400, 'Invalid two-factor code'),
    });
    renderPage(false);
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    await screen.findByAltText('QR code for your authenticator app');
    type('Authentication code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Invalid two-factor code')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBe('old-session');
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByAltText('QR code for your authenticator app')).toBeTruthy();
  });

  it('replaces a working authenticator with the current password and codes; a wrong password keeps the session', async () => {
    let passwordOk = false;
    const seen = fakeApi({
      'POST /admin/auth/2fa/setup': () =>
        passwordOk ? ok(setup, scanMessage)() : fail(401, 'Invalid password')(),
      'POST /admin/auth/2fa/enable': ok(
        { token: 'replaced-session', user: { ...admin, twoFactorEnabled: true } },
        '2FA set up successfully',
      ),
    });
    renderPage(true);
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Replace authenticator' }));

    const proceed = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    type('Current code', '111111');
    fireEvent.click(proceed);
    expect(await screen.findByText('Password is required')).toBeTruthy();
    type('Current password', '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(seen).toHaveLength(0);

    type('Current password', 'wrong-password');
    fireEvent.click(proceed);
    expect(await screen.findByText('Invalid password')).toBeTruthy();
    // A wrong password is a 401 that does not end the session.
    expect(useAuth.getState().token).toBe('old-session');
    expect(screen.queryByText('dashboard page')).toBeNull();

    passwordOk = true;
    type('Current password', 'admin123');
    fireEvent.click(proceed);
    await screen.findByAltText('QR code for your authenticator app');
    expect(body(seen.at(-1))).toEqual({ currentPassword: 'admin123', currentCode: '111111' });

    const enable = screen.getByRole('button', { name: 'Enable' }) as HTMLButtonElement;
    type('Authentication code', '222222');
    expect(enable.disabled).toBe(true);
    type('New code from your current app', '333333');
    expect(enable.disabled).toBe(false);
    fireEvent.click(enable);
    expect(await screen.findByText('2FA set up successfully')).toBeTruthy();
    expect(body(seen.at(-1))).toEqual({
      userId: 7,
      secret: setup.secret,
      token: '222222',
      currentPassword: 'admin123',
      currentCode: '333333',
    });
    expect(localStorage.getItem('auth_token')).toBe('replaced-session');
    expect(screen.getByRole('button', { name: 'Replace authenticator' })).toBeTruthy();
  });

  it("still signs out on 'Invalid or expired token'", async () => {
    fakeApi({ 'POST /admin/auth/2fa/setup': fail(401, 'Invalid or expired token') });
    renderPage(true);
    fireEvent.click(screen.getByRole('button', { name: 'Replace authenticator' }));
    type('Current password', 'admin123');
    type('Current code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(useAuth.getState().token).toBeNull());
  });

  it('Cancel goes back to the status without a call', () => {
    const seen = fakeApi({});
    renderPage(true);
    fireEvent.click(screen.getByRole('button', { name: 'Replace authenticator' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Replace authenticator' })).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('is reachable from the sidebar, next to Sign Out', () => {
    render(
      <MemoryRouter initialEntries={['/account/two-factor']}>
        <Sidebar menu={[]} collapsed={false} onToggleCollapsed={() => {}} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Two-factor authentication' });
    expect(link.getAttribute('href')).toBe('/account/two-factor');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
