import { ApiError } from '@backoffice/shared/host';
import { testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose } from './antd.ts';
import { pageOf, transaction } from './fixtures.ts';
import { lastParams, renderFinance } from './render.tsx';

const rows = [
  transaction(1),
  transaction(2, {
    User: { id: 77, name: null, username: 'noname' },
    pay_address: '0xshort',
    currency: 'bnb',
    status: 'waiting',
    amount: '5',
  }),
  transaction(3, { pay_address: null, status: 'failed' }),
];

describe('Transactions (/transactions)', () => {
  it('shows user links, explorer links, upper-case currency, amounts and statuses', async () => {
    const h = testHostContext({ 'GET /admin/transactions': (r) => pageOf(rows, r) });
    renderFinance(h, '/transactions');
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('Buyer 1');
    expect(lastParams(h, '/admin/transactions')).toEqual({
      page: 1,
      per_page: 10,
      sort_by: 'createdAt',
      sort_type: 'desc',
    });
    expect(within(table).getByRole('link', { name: 'Buyer 1' }).getAttribute('href')).toBe('/users/201');
    expect(within(table).getByRole('link', { name: 'noname' }).getAttribute('href')).toBe('/users/77');
    const address = within(table).getByRole('link', { name: '0xabcdefab...' });
    expect(address.getAttribute('href')).toBe(
      'https://bscscan.com/address/0xabcdefabcdefabcdefabcdef0000000000000001',
    );
    expect(within(table).getByRole('link', { name: '0xshort' })).toBeTruthy();
    expect(within(table).getAllByText('USDT')).toHaveLength(2);
    expect(within(table).getByText('BNB')).toBeTruthy();
    expect(within(table).getAllByText('100.00')).toHaveLength(2);
    expect(within(table).getByText('5.00')).toBeTruthy();
    expect(within(table).getByText('failed').className).toContain('ant-tag-red');
    expect(within(table).getByText('waiting').className).toContain('ant-tag-gold');
    expect(within(table).getAllByText('completed')[0]!.className).toContain('ant-tag-green');
  });

  it('follows the user link to /users/{id}', async () => {
    const { location } = renderFinance(
      testHostContext({ 'GET /admin/transactions': (r) => pageOf(rows, r) }),
      '/transactions',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Buyer 1' }));
    await waitFor(() => expect(location.current).toBe('/users/201'));
    expect(screen.getByText('user page')).toBeTruthy();
  });

  it('sends every filter and keeps them in the URL; the sort toggles', async () => {
    const h = testHostContext({ 'GET /admin/transactions': (r) => pageOf(rows, r) });
    const { location } = renderFinance(h, '/transactions');
    await screen.findByText('Buyer 1');
    const form = screen.getByRole('form', { name: 'Search transactions' });
    fireEvent.change(within(form).getByPlaceholderText('Transaction ID'), { target: { value: '3' } });
    fireEvent.change(within(form).getByPlaceholderText('Username'), { target: { value: ' buyer3 ' } });
    await choose(form, 'Status', 'Failed');
    fireEvent.change(within(form).getByPlaceholderText('0x...'), { target: { value: '0xabc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastParams(h, '/admin/transactions')).toEqual({
        page: 1,
        per_page: 10,
        sort_by: 'createdAt',
        sort_type: 'desc',
        id: '3',
        username: 'buyer3',
        status: 'failed',
        pay_address: '0xabc',
      }),
    );
    const url = new URL(location.current, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: '3',
      username: 'buyer3',
      status: 'failed',
      pay_address: '0xabc',
    });

    const table = screen.getByRole('table', { name: 'Transactions' });
    fireEvent.click(within(table).getByRole('columnheader', { name: 'Currency' }));
    await waitFor(() =>
      expect(lastParams(h, '/admin/transactions')).toMatchObject({ sort_by: 'currency', sort_type: 'asc' }),
    );
    fireEvent.click(within(table).getByRole('columnheader', { name: 'Currency' }));
    await waitFor(() =>
      expect(lastParams(h, '/admin/transactions')).toMatchObject({ sort_by: 'currency', sort_type: 'desc' }),
    );
    expect(location.current).toContain('sort_type=desc');

    fireEvent.click(within(form).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location.current).toBe('/transactions'));
    await waitFor(() =>
      expect((within(form).getByPlaceholderText('Username') as HTMLInputElement).value).toBe(''),
    );
  });

  it("sends a day range as the viewer's day boundaries", async () => {
    const h = testHostContext({ 'GET /admin/transactions': (r) => pageOf(rows, r) });
    renderFinance(h, '/transactions?date_start=2026-01-01&date_end=2026-01-31');
    await screen.findByText('Buyer 1');
    expect(lastParams(h, '/admin/transactions')).toMatchObject({
      date_start: new Date(2026, 0, 1, 0, 0, 0, 0).toISOString(),
      date_end: new Date(2026, 0, 31, 23, 59, 59, 999).toISOString(),
    });
    const form = screen.getByRole('form', { name: 'Search transactions' });
    await waitFor(() =>
      expect((within(form).getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-01-01'),
    );
    expect((within(form).getByPlaceholderText('End date') as HTMLInputElement).value).toBe('2026-01-31');
  });

  it("shows the empty text, 'Error Loading Transactions' and 'Failed to fetch transactions'", async () => {
    renderFinance(testHostContext({ 'GET /admin/transactions': (r) => pageOf([], r) }), '/transactions');
    expect(await screen.findByText('No transactions found matching your search criteria')).toBeTruthy();
    cleanup();

    const h = testHostContext({
      'GET /admin/transactions': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    renderFinance(h, '/transactions');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Error Loading Transactions')).toBeTruthy();
    expect(within(panel).getByText('Failed to fetch transactions')).toBeTruthy();
    await waitFor(() =>
      expect(h.toasts).toEqual([{ type: 'error', message: 'Failed to fetch transactions' }]),
    );
  });

  it('sends unknown paths to the dashboard', async () => {
    renderFinance(testHostContext(), '/withdrawals/nope');
    expect(await screen.findByText('console dashboard')).toBeTruthy();
  });
});
