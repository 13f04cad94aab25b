import { ApiError } from '@backoffice/shared/host';
import { type RecordedRequest, testHostContext } from '@backoffice/shared/host/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, withdrawal } from './fixtures.ts';
import { lastParams, renderFinance } from './render.tsx';

const idField = () => screen.getByPlaceholderText('Withdrawal ID') as HTMLInputElement;
const hash = '0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('Withdrawals Approved (/withdrawals/approved)', () => {
  it('lists approved, rejected, cancelled and pending OTP (in words) with hash and comment', async () => {
    const rows = [
      withdrawal(1, { status: 'approved' }),
      withdrawal(2, { status: 'rejected', comment: 'Wallet blacklisted' }),
      withdrawal(3, { status: 'cancelled' }),
      withdrawal(4, { status: 'pending_otp' }),
    ];
    const h = testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(rows, r) });
    renderFinance(h, '/withdrawals/approved');
    expect(await screen.findByRole('heading', { name: 'Withdrawals Approved', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Wallet blacklisted')).toBeTruthy();
    expect(lastParams(h, '/admin/withdrawal')).toEqual({
      page: 1,
      per_page: 10,
      sort_by: 'createdAt',
      sort_type: 'desc',
      status_in: ['approved', 'rejected', 'cancelled', 'pending_otp'],
    });
    expect(screen.getByText('approved').className).toContain('ant-tag-blue');
    expect(screen.getByText('rejected').className).toContain('ant-tag-red');
    expect(screen.getByText('cancelled').className).not.toMatch(/ant-tag-(gold|blue|red|green)/);
    expect(screen.getByText('Pending OTP').className).toContain('ant-tag-orange');
    const table = screen.getByRole('table', { name: 'Withdrawals Approved' });
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    // Each status links to the withdrawal's audit history (the test admin is a superadmin).
    expect(screen.getByRole('link', { name: 'History of withdrawal 2' }).getAttribute('href')).toBe(
      '/audit?target_type=withdrawal&target_id=2',
    );
  });

  it('shows no History link to a finance admin (the audit log is not theirs)', async () => {
    const h = testHostContext(
      { 'GET /admin/withdrawal': (r) => pageOf([withdrawal(1, { status: 'approved' })], r) },
      { admin: { id: 2, email: 'f@example.com', name: 'F', roles: ['finance'] } },
    );
    renderFinance(h, '/withdrawals/approved');
    expect(await screen.findByText('approved')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^History/ })).toBeNull();
  });

  it('searches by username through the URL', async () => {
    const h = testHostContext({ 'GET /admin/withdrawal': (r: RecordedRequest) => pageOf([], r) });
    const { location } = renderFinance(h, '/withdrawals/approved?username=alice');
    expect(await screen.findByText('No approved withdrawals found')).toBeTruthy();
    expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ user_name: 'alice' });
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('alice'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/approved?username=bob'));
    await waitFor(() => expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ user_name: 'bob' }));
  });

  it("shows 'Error Loading Withdrawals' with the fallback", async () => {
    const h = testHostContext({
      'GET /admin/withdrawal': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    renderFinance(h, '/withdrawals/approved');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Error Loading Withdrawals')).toBeTruthy();
    expect(within(panel).getByText('Failed to fetch withdrawals')).toBeTruthy();
    await waitFor(() =>
      expect(h.toasts).toEqual([{ type: 'error', message: 'Failed to fetch withdrawals' }]),
    );
  });

  it('sorts by status on the server', async () => {
    const h = testHostContext({
      'GET /admin/withdrawal': (r) => pageOf([withdrawal(1, { status: 'approved' })], r),
    });
    const { location } = renderFinance(h, '/withdrawals/approved');
    const table = await screen.findByRole('table', { name: 'Withdrawals Approved' });
    await within(table).findByText('User 1');
    fireEvent.click(within(table).getByRole('columnheader', { name: 'Status' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/approved?sort_by=status&sort_type=asc'));
    await waitFor(() =>
      expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ sort_by: 'status', sort_type: 'asc' }),
    );
  });
});

describe('Withdrawals Completed (/withdrawals/completed)', () => {
  it('prefills the ID filter from ?id= and asks for completed withdrawals; Reset returns to the plain path', async () => {
    const h = testHostContext({
      'GET /admin/withdrawal': (r) => pageOf([withdrawal(42, { status: 'completed', hash })], r),
    });
    const { location } = renderFinance(h, '/withdrawals/completed?id=42');
    expect(await screen.findByRole('heading', { name: 'Withdrawals Completed', level: 1 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: '0x9f8...00a08' });
    expect(link.getAttribute('href')).toBe(`https://bscscan.com/tx/${hash}`);
    expect(screen.getByText('completed').className).toContain('ant-tag-green');
    expect(idField().value).toBe('42');
    expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ id: '42', status: 'completed' });

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/completed'));
    await waitFor(() => expect(idField().value).toBe(''));
    await waitFor(() => expect(lastParams(h, '/admin/withdrawal')?.id).toBeUndefined());
  });

  it("shows 'No completed withdrawals found'", async () => {
    renderFinance(
      testHostContext({ 'GET /admin/withdrawal': (r) => pageOf([], r) }),
      '/withdrawals/completed',
    );
    expect(await screen.findByText('No completed withdrawals found')).toBeTruthy();
  });
});
