import { auditorAdmin, type RecordedRequest } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCounts } from '../src/features/users/counts.ts';
import {
  chooseOption,
  currentQuery,
  currentUrl,
  findDialog,
  paged,
  queryDialog,
  renderApp,
  searchField,
  selectedOption,
  serverError,
} from './helpers.tsx';

afterEach(cleanup);

function user(id: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `User ${id}`,
    username: `user${id}`,
    email: `user${id}@example.com`,
    email_verified: true,
    role: id === 1 ? 'vip' : 'user',
    status,
    last_login: null,
    createdAt: '2026-01-05T15:07:00.000Z',
    ...extra,
  };
}

const page1 = [
  user(1, 'active'),
  user(2, 'blocked'),
  user(3, 'active'),
  user(4, 'inactive'),
  user(5, 'blocked'),
];

function listRoute(rows = page1, total = 57) {
  return (r: RecordedRequest) =>
    paged(rows, Number(r.params.page ?? 1), Number(r.params.per_page ?? 10), total);
}

function stat(label: string) {
  const summary = screen.getByRole('region', { name: 'Summary' });
  const card = within(summary).getByText(label).closest('.su-stat')!;
  return card.textContent ?? '';
}

describe('Users (spec 2.6)', () => {
  it('prefills email, username and status from the query string and sends them', async () => {
    const host = renderApp('/users?email=bob%40example.com&username=bob&status=blocked', {
      'GET /admin/user': listRoute(),
    });
    await screen.findByText('User 1');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('DashboardUsers');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect((searchField('Email') as HTMLInputElement).value).toBe('bob@example.com');
    expect((searchField('Username') as HTMLInputElement).value).toBe('bob');
    expect(selectedOption('Status')).toBe('Blocked');
    expect(host.requests[0]?.params).toEqual({
      page: 1,
      limit: 10,
      per_page: 10,
      sort_by: 'createdAt',
      sort_type: 'desc',
      email: 'bob@example.com',
      username: 'bob',
      status: 'blocked',
    });
  });

  it('shows the total from the server and active/blocked counted on this page only', async () => {
    renderApp('/users', { 'GET /admin/user': listRoute() });
    await screen.findByText('User 1');
    expect(stat('Total Users')).toContain('57');
    expect(stat('Active')).toBe('Active2on this page');
    expect(stat('Blocked')).toBe('Blocked2on this page');
    expect(pageCounts([{ status: 'active' }, { status: 'inactive' }, { status: 'blocked' }])).toEqual({
      active: 1,
      blocked: 1,
    });
  });

  it('shows a read-only admin (auditor) the users without Block, Unblock or the Actions column (issue 13)', async () => {
    renderApp('/users', { 'GET /admin/user': listRoute() }, { admin: auditorAdmin });
    expect(await screen.findByText('User 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Block|Unblock) user/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('lists role and status; the button reads Unblock for blocked users, Block otherwise; names link to the user page', async () => {
    renderApp('/users', { 'GET /admin/user': listRoute() });
    const first = (await screen.findByText('User 1')).closest('tr')!;
    expect(within(first).getByText('vip')).toBeTruthy();
    expect(within(first).getByText('active').className).toContain('ant-tag-green');
    expect(within(screen.getByText('User 2').closest('tr')!).getByText('blocked').className).toContain(
      'ant-tag-red',
    );
    expect(within(first).getByRole('button', { name: 'Block user1' }).textContent).toBe('Block');
    const blocked = screen.getByText('User 2').closest('tr')!;
    expect(within(blocked).getByRole('button', { name: 'Unblock user2' }).textContent).toBe('Unblock');
    expect(within(blocked).queryByRole('button', { name: 'Block user2' })).toBeNull();
    const inactive = screen.getByText('User 4').closest('tr')!;
    expect(within(inactive).getByRole('button', { name: 'Block user4' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'User 3' }).getAttribute('href')).toBe('/users/3');
  });

  it('blocks with a reason, toasts and reloads', async () => {
    let rows = page1;
    const host = renderApp('/users', {
      'GET /admin/user': (r) => listRoute(rows)(r),
      'PUT /admin/user/3/block': () => {
        rows = page1.map((u) => (u.id === 3 ? { ...u, status: 'blocked' } : u));
        return { success: true, message: 'OK', data: rows[2] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block user3' }));
    const dialog = await findDialog('Block User');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Chargeback fraud ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'User blocked successfully' }),
    );
    expect(host.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      userId: 3,
      reason: 'Chargeback fraud',
    });
    expect(await screen.findByRole('button', { name: 'Unblock user3' })).toBeTruthy();
    await waitFor(() => expect(queryDialog()).toBeNull());
  });

  it("falls back to 'Failed to block user' and keeps the dialog open", async () => {
    const host = renderApp('/users', {
      'GET /admin/user': listRoute(),
      'PUT /admin/user/1/block': () => serverError(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block user1' }));
    const dialog = await findDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to block user' }),
    );
    expect(host.requests.find((r) => r.method === 'PUT')?.body).toEqual({ userId: 1, reason: 'Spam' });
    expect(await findDialog('Block User')).toBeTruthy();
  });

  it("unblocks at once with 'User unblocked successfully'; a failure shows the server message or 'Failed to unblock user'", async () => {
    let message: string | undefined;
    let ok = true;
    const host = renderApp('/users', {
      'GET /admin/user': listRoute(),
      'PUT /admin/user/2/unblock': () =>
        ok ? { success: true, message: 'OK', data: user(2, 'active') } : serverError(message),
    });
    // A button that is loading ignores clicks: wait for the previous unblock and its reload to end.
    const clickUnblock = async () => {
      const button = await screen.findByRole('button', { name: 'Unblock user2' });
      await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Refresh/ }).className).not.toContain('ant-btn-loading'),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Unblock user2' }));
    };
    await clickUnblock();
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'User unblocked successfully' }),
    );
    ok = false;
    await clickUnblock();
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to unblock user' }),
    );
    message = 'User is not blocked';
    await clickUnblock();
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'User is not blocked' }),
    );
  });

  it('sorts by createdAt desc by default; the same column toggles; the page size is 10/25/50/100; all in the URL', async () => {
    const host = renderApp('/users', { 'GET /admin/user': listRoute() });
    await screen.findByText('User 1');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });
    expect(header(/Joined/).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header(/Joined/));
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ sort_by: 'createdAt', sort_type: 'asc' }),
    );
    fireEvent.click(header(/Email/));
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ sort_by: 'email', sort_type: 'asc' }),
    );
    fireEvent.click(header(/Email/));
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ sort_by: 'email', sort_type: 'desc' }),
    );
    // The sort is remembered for the list: the URL carries only what differs from it.
    expect(currentQuery().query).toMatchObject({ sort_type: 'desc' });

    const sizes = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizes.querySelector('input') ?? sizes);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(options).toEqual(['10 / page', '25 / page', '50 / page', '100 / page']);
    fireEvent.click(
      [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === '50 / page',
      )!,
    );
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ per_page: 50, limit: 50, page: 1 }),
    );
    expect(currentQuery().query).toMatchObject({ sort_type: 'desc' });
    expect(currentUrl()).not.toContain('page=1&');
  });

  it('applies a search to the URL from page 1', async () => {
    const host = renderApp('/users?page=3', { 'GET /admin/user': listRoute() });
    await screen.findByText('User 1');
    expect(host.requests[0]?.params.page).toBe(3);
    fireEvent.change(searchField('Email'), { target: { value: ' found@example.com ' } });
    await chooseOption('Status', 'Active');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(currentQuery()).toEqual({
        path: '/users',
        query: { email: 'found@example.com', status: 'active' },
      }),
    );
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({
        email: 'found@example.com',
        status: 'active',
        page: 1,
      }),
    );
  });

  it("shows 'No users found' when nothing matches", async () => {
    renderApp('/users', { 'GET /admin/user': listRoute([], 0) });
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(stat('Total Users')).toContain('0');
  });

  it("shows 'Error Loading Users' with the server message or 'Failed to fetch users', and toasts it", async () => {
    const host = renderApp('/users', { 'GET /admin/user': () => serverError() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Users')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch users')).toBeTruthy();
    await waitFor(() => expect(host.toasts).toEqual([{ type: 'error', message: 'Failed to fetch users' }]));
    cleanup();
    renderApp('/users', { 'GET /admin/user': () => serverError('Page size must not exceed 100', 400) });
    expect(await screen.findByText('Page size must not exceed 100')).toBeTruthy();
  });
});

describe('the area routes', () => {
  it('sends unknown paths of the area to the dashboard', async () => {
    renderApp('/users/7/nope');
    expect(await screen.findByText('console dashboard')).toBeTruthy();
  });
});

describe('refreshing after an action', () => {
  it('keeps the rows on screen while the list reloads after a block', async () => {
    let release: () => void = () => {};
    let calls = 0;
    renderApp('/users', {
      'GET /admin/user': async (r) => {
        calls += 1;
        if (calls >= 2) await new Promise<void>((resolve) => (release = resolve));
        return listRoute()(r);
      },
      'PUT /admin/user/1/block': () => ({ success: true, message: 'OK', data: user(1, 'blocked') }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block user1' }));
    const dialog = await findDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls).toBe(2));
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByText('User 1')).toBeTruthy();
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Refresh/ }).className).not.toContain('ant-btn-loading'),
    );
    expect(within(table).getByText('User 1')).toBeTruthy();
  });
});

describe('a hand-edited URL', () => {
  it('falls back to page size 10 and page 1 for values the screen does not offer', async () => {
    const host = renderApp('/users?per_page=7&page=-2', { 'GET /admin/user': listRoute() });
    await screen.findByText('User 1');
    expect(host.requests[0]?.params).toMatchObject({ per_page: 10, limit: 10, page: 1 });
    expect(document.querySelector('.ant-pagination-options')?.textContent).toContain('10 / page');
  });
});
