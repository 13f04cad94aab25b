import type { AdminSummary } from '@backoffice/shared/contract';
import { HostProvider } from '@backoffice/shared/host';
import { testHostContext } from '@backoffice/shared/host/testing';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import AdminsPage from '../src/features/admins/AdminsPage.tsx';

// antd's table is heavy to render in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const root: AdminSummary = {
  id: 1,
  email: 'admin@example.com',
  name: 'Root',
  roles: ['superadmin'],
  status: 'active',
  twoFactorEnabled: true,
  twoFactorSetupRequired: false,
  mustChangePassword: false,
  lockedUntil: null,
  lastSignInAt: null,
  createdAt: '2026-01-05T09:37:00.000Z',
};
const page = { success: true, message: 'OK', data: { data: [root], total: 1, totalPages: 1 } };

describe('the Admins screen (issue 22)', () => {
  afterEach(() => useAuth.getState().clear());

  it('exports the list with its filters once it has loaded, with row progress', async () => {
    useAuth.getState().signIn('session', { id: 1, email: root.email, roles: ['superadmin'] });
    let answer: () => void = () => {};
    const host = testHostContext({
      'GET /admin/admins': () =>
        new Promise((resolve) => {
          answer = () => resolve(page);
        }),
    });
    const asked: unknown[] = [];
    host.http.download = (endpoint, input, options) => {
      asked.push([endpoint.name, input]);
      // The API's answer is in, its rows not yet: the count shows.
      options?.onProgress?.({ bytes: 0, rows: 0, total: 1 });
      return new Promise(() => {});
    };
    render(
      <HostProvider host={host}>
        <MemoryRouter initialEntries={['/admins?search=root&status=active']}>
          <AdminsPage />
        </MemoryRouter>
      </HostProvider>,
    );
    const button = screen.getByRole('button', { name: /Export CSV/ }) as HTMLButtonElement;
    // Not before the list loaded, and no 'Total: 0' meanwhile.
    expect(button.disabled).toBe(true);
    expect(screen.queryByText(/Total:/)).toBeNull();
    await waitFor(() => expect(host.requests).toHaveLength(1));
    act(() => answer());
    await screen.findByText('admin@example.com');
    expect(screen.getByText(/Total:/).textContent).toBe('Total: 1');
    await waitFor(() => expect(button.disabled).toBe(false));

    await userEvent.click(button);
    expect(asked).toEqual([['adminsExport', { query: { search: 'root', status: 'active' } }]]);
    expect((await screen.findByRole('status')).textContent).toBe('Exporting 0 of 1 rows (0%)');
  });
});
