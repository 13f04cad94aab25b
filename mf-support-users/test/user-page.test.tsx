import type { UserDetails } from '@backoffice/shared/contract';
import { auditorAdmin } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withdrawalLink } from '../src/features/user/links.ts';
import { findDialog, renderApp, serverError } from './helpers.tsx';

afterEach(cleanup);

const at = '2026-01-05T15:07:00.000Z';

function details(status: 'active' | 'blocked' = 'blocked'): UserDetails {
  return {
    user: {
      id: 7,
      name: 'Jane Roe',
      username: 'jane_roe',
      email: 'jane@example.com',
      email_verified: true,
      role: 'vip',
      status,
      last_login: null,
      createdAt: at,
      updatedAt: at,
      block_reason: status === 'blocked' ? 'Chargeback fraud' : null,
      balance: '1250.5',
      winnings: '300',
    },
    blockHistory: [
      {
        id: 2,
        action: 'blocked',
        reason: 'Chargeback fraud',
        createdAt: at,
        admin: { id: 1, name: 'Alice Admin', email: 'alice@example.com' },
      },
      { id: 1, action: 'unblocked', reason: null, createdAt: at, admin: null },
    ],
    transactions: {
      data: [
        {
          id: 31,
          amount: '100',
          currency: 'usd',
          payment_id: 'p1',
          pay_currency: 'usdtbsc',
          pay_address: '0xabc',
          status: 'completed',
          createdAt: at,
        },
      ],
      total: 12,
      completedCount: 9,
      completedAmount: '900',
    },
    withdrawals: {
      data: [
        {
          id: 41,
          amount: '50',
          wallet_address: '0x1234567890abcdef1234',
          status: 'completed',
          hash: '0xfeedbeef00112233',
          processing: false,
          comment: null,
          createdAt: at,
        },
        {
          id: 42,
          amount: '20',
          wallet_address: null,
          status: 'pending',
          hash: null,
          processing: false,
          comment: null,
          createdAt: at,
        },
        {
          id: 43,
          amount: '10',
          wallet_address: null,
          status: 'rejected',
          hash: null,
          processing: false,
          comment: 'no',
          createdAt: at,
        },
      ],
      total: 3,
      paidAmount: '50',
      pendingAmount: '20',
      pendingCount: 1,
    },
    lotteryTickets: {
      data: [
        {
          id: 51,
          ticket_number: 'AB12345',
          price: '5',
          status: 'active',
          is_winner: true,
          prize_rank: 1,
          winning_amount: '300',
          createdAt: at,
          Lottery: { id: 9, name: 'Weekly Jackpot', status: 'completed' },
        },
      ],
      total: 1,
      spent: '5',
      won: '300',
      wins: 1,
    },
    mineGames: { data: [], total: 0, active: 0, bets: '0', payouts: '0' },
  };
}

function linkHref(name: string | RegExp) {
  return screen.getByRole('link', { name }).getAttribute('href');
}

describe('the user page /users/{id}', () => {
  it('shows profile, money, block history (who, when, why) and recent activity with links to the finance screens', async () => {
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () => ({ success: true, message: 'OK', data: details() }),
    });
    expect(await screen.findByRole('heading', { name: 'Jane Roe' })).toBeTruthy();
    expect(host.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /admin/user/7']);
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('jane@example.com')).toBeTruthy();
    expect(within(profile).getByText('vip')).toBeTruthy();
    expect(within(profile).getByText('blocked').className).toContain('ant-tag-red');
    expect(within(profile).getByText('Chargeback fraud')).toBeTruthy();
    const money = screen.getByRole('region', { name: 'Money' });
    expect(money.textContent).toContain('Balance1,250.50USDT');
    expect(money.textContent).toContain('Winnings300.00USDT');
    expect(money.textContent).toContain('Deposited900.00USD9 completed of 12 deposits');
    expect(money.textContent).toContain(
      'Withdrawn50.00USDTapproved or completed; 20.00 USDT pending in 1 request',
    );

    const history = screen.getByRole('table', { name: 'Block history' });
    const [blocked, unblocked] = within(history).getAllByRole('row').slice(1);
    expect(within(blocked!).getByText('Chargeback fraud')).toBeTruthy();
    expect(within(blocked!).getByText('Alice Admin')).toBeTruthy();
    expect(within(blocked!).getByText('alice@example.com')).toBeTruthy();
    // In the viewer's zone, with the zone named.
    expect(within(blocked!).getByText(/^Jan 5, 2026, \d{1,2}:07 (AM|PM) \S+$/)).toBeTruthy();
    expect(within(unblocked!).getByText('Not recorded')).toBeTruthy();

    expect(screen.getByText('latest 1 of 12')).toBeTruthy();
    expect(linkHref('All transactions')).toBe('/transactions?username=jane_roe');
    expect(linkHref('#31')).toBe('/transactions?id=31');
    expect(linkHref('#41')).toBe('/withdrawals/completed?id=41');
    expect(linkHref('#42')).toBe('/withdrawals/pending?id=42');
    expect(linkHref('#43')).toBe('/withdrawals/approved?username=jane_roe');
    expect(linkHref('Weekly Jackpot')).toBe('/lottery/details/9');
    expect(linkHref('History of user 7')).toBe('/audit?target_type=user&target_id=7');
    expect(screen.getByText('Rank 1: won 300.00 USDT')).toBeTruthy();
    expect(screen.getByText('No mine games yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
  });

  it('shows a read-only admin (auditor) the user with Refresh but no Block or Unblock (issue 13)', async () => {
    renderApp(
      '/users/7',
      { 'GET /admin/user/7': () => ({ success: true, message: 'OK', data: details('blocked') }) },
      { admin: auditorAdmin },
    );
    expect(await screen.findByRole('heading', { name: 'Jane Roe' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /block/i })).toBeNull();
  });

  it('unblocks from the page, then offers Block again', async () => {
    let current = details('blocked');
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () => ({ success: true, message: 'OK', data: current }),
      'PUT /admin/user/7/unblock': () => {
        current = details('active');
        return { success: true, message: 'OK', data: current.user };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'User unblocked successfully' }),
    );
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
  });

  it("asks for a reason before blocking ('Reason is required'), then blocks with it", async () => {
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () => ({ success: true, message: 'OK', data: details('active') }),
      'PUT /admin/user/7/block': () => ({ success: true, message: 'OK', data: details('blocked').user }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await findDialog('Block User');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(host.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Abusive chat' } });
    await waitFor(() => expect(within(dialog).queryByText('Reason is required')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'User blocked successfully' }),
    );
    expect(host.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      userId: 7,
      reason: 'Abusive chat',
    });
  });

  it('shows a not-found state for an unknown user: no Retry, the way back to the list', async () => {
    const host = renderApp('/users/999', { 'GET /admin/user/999': () => serverError('User not found', 404) });
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(screen.getByText('There is no user #999: it may have been deleted.')).toBeTruthy();
    expect(host.toasts).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/users');
  });

  it("shows 'Error Loading User' with Retry when the load fails otherwise", async () => {
    let fail = true;
    renderApp('/users/7', {
      'GET /admin/user/7': () =>
        fail ? serverError() : { success: true, message: 'OK', data: details('active') },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading User')).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch user')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Jane Roe' })).toBeTruthy();
  });

  it('a user deleted meanwhile: the action toasts the 404 and the page turns to not found', async () => {
    let gone = false;
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () =>
        gone
          ? serverError('User not found', 404)
          : { success: true, message: 'OK', data: details('blocked') },
      'PUT /admin/user/7/unblock': () => {
        gone = true;
        return serverError('User not found', 404);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(host.toasts).toContainEqual({ type: 'error', message: 'User not found' }));
    expect(await screen.findByText('There is no user #7: it may have been deleted.')).toBeTruthy();
    expect(host.toasts.filter((t) => t.type === 'error')).toHaveLength(1);
  });

  it('a user blocked meanwhile (409): the message, the dialog closes and the page shows the block', async () => {
    let current = details('active');
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () => ({ success: true, message: 'OK', data: current }),
      'PUT /admin/user/7/block': () => {
        current = details('blocked');
        return serverError('User is already blocked', 409);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await findDialog('Block User');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'User is already blocked' }),
    );
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('a server validation message reaches the toast without the field name', async () => {
    const host = renderApp('/users/7', {
      'GET /admin/user/7': () => ({ success: true, message: 'OK', data: details('active') }),
      'PUT /admin/user/7/block': () => serverError('reason: Reason must not exceed 500 characters', 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await findDialog('Block User');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Reason must not exceed 500 characters' }),
    );
    // Still open: the admin can shorten the reason.
    expect(await findDialog('Block User')).toBeTruthy();
  });

  it('links each withdrawal to the finance screen that lists it', () => {
    expect(withdrawalLink({ id: 1, status: 'pending' }, 'a b')).toBe('/withdrawals/pending?id=1');
    expect(withdrawalLink({ id: 4, status: 'waiting' }, 'a b')).toBe('/withdrawals/pending?id=4');
    // Awaiting a second approval: still open, so Pending lists it (not Approved & Rejected).
    expect(withdrawalLink({ id: 5, status: 'awaiting_approval' }, 'a b')).toBe('/withdrawals/pending?id=5');
    expect(withdrawalLink({ id: 2, status: 'completed' }, 'a b')).toBe('/withdrawals/completed?id=2');
    expect(withdrawalLink({ id: 3, status: 'pending_otp' }, 'a b')).toBe(
      '/withdrawals/approved?username=a%20b',
    );
  });
});
