import { ApiError } from '@backoffice/shared/host';
import { type RecordedRequest, testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, pageOf, withdrawal } from './fixtures.ts';
import { lastParams, renderFinance } from './render.tsx';

afterEach(cleanup);

const rows = [
  withdrawal(1),
  withdrawal(2, {
    User: { id: 9, name: null, email: null, username: null },
    wallet_address: null,
    amount: '1000',
    status: 'waiting',
  }),
  withdrawal(3, { status: 'approved' }),
  withdrawal(4),
  withdrawal(5, { status: 'rejected' }),
];

function host(extra: Record<string, (r: RecordedRequest) => unknown> = {}) {
  return testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(rows, r), ...extra });
}

const table = () => screen.getByRole('table', { name: 'Pending withdrawals' });
const rowOf = (id: number) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[1]?.textContent === String(id))!;
const dialog = () => screen.getByRole('dialog');

async function openPage(h = host(), url = '/withdrawals/pending') {
  const view = renderFinance(h, url);
  await screen.findByRole('table', { name: 'Pending withdrawals' });
  await within(table()).findByText('User 1');
  return view;
}

describe('pending withdrawals: the table (spec 2.9)', () => {
  it('asks for pending and waiting withdrawals, newest first, 10 per page', async () => {
    const h = host();
    await openPage(h);
    expect(lastParams(h, '/admin/withdrawal')).toEqual({
      page: 1,
      per_page: 10,
      status_in: ['pending', 'waiting'],
      sort_by: 'createdAt',
      sort_type: 'desc',
    });
    expect(screen.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeTruthy();
    expect(screen.getByText('Total:').textContent).toBe('Total: 5');
  });

  it('shows NULL user fields, 2-decimal amounts, short explorer-linked addresses or N/A, badges, m/d/yyyy', async () => {
    await openPage();
    const first = rowOf(1);
    expect(within(first).getByText('User 1')).toBeTruthy();
    expect(within(first).getByText('user1@example.com')).toBeTruthy();
    expect(within(first).getByText('125.50')).toBeTruthy();
    const link = within(first).getByRole('link', { name: '0x123...45678' });
    expect(link.getAttribute('href')).toBe(
      'https://bscscan.com/address/0x1234567890abcdef1234567890abcdef12345678',
    );
    expect(within(first).getByText('1/5/2026')).toBeTruthy();
    expect(within(first).getByText('pending').className).toContain('bo-badge--yellow');

    const second = rowOf(2);
    expect(within(second).getAllByText('NULL')).toHaveLength(3);
    expect(within(second).getByText('N/A')).toBeTruthy();
    expect(within(second).getByText('1,000.00')).toBeTruthy();
    expect(within(second).getByText('waiting').className).toContain('bo-badge--grey');
    expect(within(rowOf(3)).getByText('approved').className).toContain('bo-badge--blue');
    expect(within(rowOf(5)).getByText('rejected').className).toContain('bo-badge--red');
  });

  it('shows the empty text', async () => {
    renderFinance(testHostContext({ 'GET /admin/withdrawal': (r) => pageOf([], r) }), '/withdrawals/pending');
    expect(await screen.findByText('No pending withdrawals found')).toBeTruthy();
  });

  it("shows 'Error Loading Withdrawals' with the server's message, else the fallback", async () => {
    const failing = testHostContext({
      'GET /admin/withdrawal': () => {
        throw new ApiError('Database unavailable', { status: 500, kind: 'bad-response', fromServer: true });
      },
    });
    renderFinance(failing, '/withdrawals/pending');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Error Loading Withdrawals')).toBeTruthy();
    expect(within(panel).getByText('Database unavailable')).toBeTruthy();
    // The toast is sent from an effect, which may run just after the panel is on screen.
    await waitFor(() =>
      expect(failing.toasts).toContainEqual({ type: 'error', message: 'Database unavailable' }),
    );

    cleanup();
    const silent = testHostContext({});
    renderFinance(silent, '/withdrawals/pending');
    expect(await screen.findByText('Failed to fetch withdrawals')).toBeTruthy();
    await waitFor(() =>
      expect(silent.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch withdrawals' }),
    );
  });

  it('shows a spinner while the first page loads', async () => {
    renderFinance(
      testHostContext({ 'GET /admin/withdrawal': () => new Promise(() => {}) }),
      '/withdrawals/pending',
    );
    expect(await screen.findByText('Loading withdrawals...')).toBeTruthy();
  });
});

describe('pending withdrawals: selection (spec 2.9)', () => {
  it('lets only pending and waiting rows be ticked and updated', async () => {
    await openPage();
    for (const id of [1, 2, 4]) {
      expect((within(rowOf(id)).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
      expect(within(rowOf(id)).getByRole('button', { name: `Update withdrawal ${id}` })).toBeTruthy();
    }
    for (const id of [3, 5]) {
      expect((within(rowOf(id)).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
      expect(within(rowOf(id)).queryByRole('button', { name: `Update withdrawal ${id}` })).toBeNull();
    }
  });

  it('select-all ticks the selectable rows and shows the count', async () => {
    await openPage();
    const all = screen.getByRole('checkbox', { name: /Select all/ });
    fireEvent.click(all);
    expect(screen.getByText('3 selected')).toBeTruthy();
    for (const id of [1, 2, 4])
      expect((within(rowOf(id)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    for (const id of [3, 5])
      expect((within(rowOf(id)).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(rowOf(2)).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Selected (2)' })).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(all);
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it("refuses a bulk update with nothing selected: 'Please select withdrawals to update'", async () => {
    const h = host();
    await openPage(h);
    fireEvent.click(screen.getByRole('button', { name: 'Update Selected' }));
    expect(h.toasts).toContainEqual({ type: 'error', message: 'Please select withdrawals to update' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('pending withdrawals: the status form (spec 5)', () => {
  it('requires a status, and a reason only for Rejected; the reason field shows only for Rejected', async () => {
    const h = host({
      'POST /admin/withdrawal/update': (r) =>
        ok(withdrawal(Number((r.body as { withdrawal_id: string }).withdrawal_id))),
    });
    await openPage(h);
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Update withdrawal 1' }));
    expect(within(dialog()).getByRole('heading', { name: 'Update Withdrawal Status' })).toBeTruthy();
    const status = within(dialog()).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(['Select Status', 'Approved', 'Rejected']);
    expect(within(dialog()).queryByLabelText('Reason for Rejection')).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await within(dialog()).findByText('Status is required')).toBeTruthy();
    expect(h.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(status, { target: { value: 'rejected' } });
    const reason = within(dialog()).getByLabelText('Reason for Rejection') as HTMLTextAreaElement;
    expect(reason.placeholder).toBe('Please provide a reason for rejection');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await within(dialog()).findByText('Reason is required for rejection')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await within(dialog()).findByText('Reason is required for rejection')).toBeTruthy();
    expect(h.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(status, { target: { value: 'approved' } });
    expect(within(dialog()).queryByLabelText('Reason for Rejection')).toBeNull();
    fireEvent.change(status, { target: { value: 'rejected' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason for Rejection'), {
      target: { value: ' Wallet blacklisted ' },
    });
    const before = h.requests.filter((r) => r.method === 'GET').length;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/admin/withdrawal/update',
      body: { withdrawal_id: '1', status: 'rejected', comment: 'Wallet blacklisted' },
    });
    expect(h.toasts).toContainEqual({ type: 'success', message: 'Withdrawal status updated!' });
    await waitFor(() => expect(h.requests.filter((r) => r.method === 'GET').length).toBe(before + 1));
  });

  it("approves without a comment and reads 'Updating...' while busy", async () => {
    let finish: (value: unknown) => void = () => {};
    const h = host({ 'POST /admin/withdrawal/update': () => new Promise((resolve) => (finish = resolve)) });
    await openPage(h);
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Update withdrawal 2' }));
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    const busy = await within(dialog()).findByRole('button', { name: 'Updating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(h.requests.find((r) => r.method === 'POST')?.body).toEqual({
      withdrawal_id: '2',
      status: 'approved',
    });
    finish(ok(withdrawal(2, { status: 'approved' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  async function updateFirst(h: ReturnType<typeof host>) {
    await openPage(h);
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Update withdrawal 1' }));
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
  }

  it("toasts 'Error updating withdrawal status' when the call fails, and keeps the dialog open for a retry", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    await updateFirst(h);
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Error updating withdrawal status' }),
    );
    expect(h.toasts).toHaveLength(1);
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("toasts 'Error updating withdrawal status' for an error status without a server message", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => {
        throw new ApiError('Request failed with status code 500', { status: 500, kind: 'bad-response' });
      },
    });
    await updateFirst(h);
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Error updating withdrawal status' }),
    );
    expect(within(dialog()).getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it("toasts 'Failed to update withdrawal status' when the server answers without success and no message", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => ({ success: false, message: '', data: null }),
    });
    await updateFirst(h);
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Failed to update withdrawal status' }),
    );
    expect(h.toasts.some((t) => t.type === 'success')).toBe(false);
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it("keeps the server's message of an answer without success", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => ({ success: false, message: 'Insufficient hot wallet balance' }),
    });
    await updateFirst(h);
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Insufficient hot wallet balance' }),
    );
    expect(h.toasts).toHaveLength(1);
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it("toasts the server's message of a lost race, closes the dialog and reloads the list", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => {
        throw new ApiError('Withdrawal is no longer pending', {
          status: 409,
          kind: 'bad-request',
          fromServer: true,
        });
      },
    });
    await openPage(h);
    const loads = h.requests.filter((r) => r.method === 'GET').length;
    fireEvent.click(within(rowOf(4)).getByRole('button', { name: 'Update withdrawal 4' }));
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Withdrawal is no longer pending' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(h.requests.filter((r) => r.method === 'GET').length).toBe(loads + 1));
  });
});

describe('pending withdrawals: bulk update', () => {
  function selectRows(ids: number[]) {
    for (const id of ids) fireEvent.click(within(rowOf(id)).getByRole('checkbox'));
  }

  it('sends one bulk call and toasts success', async () => {
    const h = host({
      'POST /admin/withdrawal/update-bulk': () => ({
        ...ok([withdrawal(1), withdrawal(2), withdrawal(4)]),
        message: 'Withdrawal statuses updated successfully',
        updated: [1, 2, 4],
        failed: [],
      }),
    });
    await openPage(h);
    selectRows([1, 2, 4]);
    fireEvent.click(screen.getByRole('button', { name: 'Update Selected (3)' }));
    expect(within(dialog()).getByRole('heading', { name: 'Update Status (3 withdrawals)' })).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = h.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: '/admin/withdrawal/update-bulk',
      body: { withdrawal_ids: ['1', '2', '4'], status: 'approved' },
    });
    expect(h.toasts).toContainEqual({ type: 'success', message: 'Withdrawal statuses updated successfully' });
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it("reports a partial failure: 'Some withdrawal updates failed' and which ids failed and why", async () => {
    const h = host({
      'POST /admin/withdrawal/update-bulk': () => ({
        success: false,
        message: 'Some withdrawal updates failed',
        data: [withdrawal(1, { status: 'rejected' })],
        updated: [1],
        failed: [
          { id: 2, status: 'approved', message: 'Withdrawal is no longer pending' },
          { id: 4, status: null, message: 'Withdrawal not found' },
        ],
      }),
    });
    await openPage(h);
    selectRows([1, 2, 4]);
    fireEvent.click(screen.getByRole('button', { name: 'Update Selected (3)' }));
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason for Rejection'), { target: { value: 'Fraud' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.requests.find((r) => r.method === 'POST')?.body).toEqual({
      withdrawal_ids: ['1', '2', '4'],
      status: 'rejected',
      comment: 'Fraud',
    });
    expect(h.toasts).toContainEqual({ type: 'error', message: 'Some withdrawal updates failed' });
    expect(h.toasts.some((t) => t.type === 'success')).toBe(false);
    expect(screen.getByText('#2: Withdrawal is no longer pending')).toBeTruthy();
    expect(screen.getByText('#4: Withdrawal not found')).toBeTruthy();
  });

  it("falls back to 'Failed to update withdrawal statuses' when the call fails", async () => {
    const h = host({
      'POST /admin/withdrawal/update-bulk': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    await openPage(h);
    selectRows([1, 4]);
    fireEvent.click(screen.getByRole('button', { name: 'Update Selected (2)' }));
    fireEvent.change(within(dialog()).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(h.toasts).toContainEqual({ type: 'error', message: 'Failed to update withdrawal statuses' }),
    );
  });
});

describe('pending withdrawals: filters, sort and page in the URL', () => {
  const many = Array.from({ length: 60 }, (_, i) => withdrawal(i + 1));
  const manyHost = () => testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(many, r) });

  it('reads the view from the URL', async () => {
    const h = manyHost();
    renderFinance(h, '/withdrawals/pending?id=7&per_page=25&page=2&sort_by=amount&sort_type=asc');
    await screen.findByRole('table', { name: 'Pending withdrawals' });
    expect(lastParams(h, '/admin/withdrawal')).toEqual({
      page: 2,
      per_page: 25,
      id: '7',
      status_in: ['pending', 'waiting'],
      sort_by: 'amount',
      sort_type: 'asc',
    });
    expect((screen.getByLabelText('ID') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('Items per page') as HTMLSelectElement).value).toBe('25');
  });

  it('moves a page past the end to the last page', async () => {
    const h = manyHost();
    const { location } = renderFinance(h, '/withdrawals/pending?page=9');
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?page=6'));
    expect(await screen.findByText('User 51')).toBeTruthy();
    expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ page: 6 });
  });

  it('writes search, page size, page and sort to the URL; Reset clears them', async () => {
    const h = manyHost();
    const { location } = renderFinance(h, '/withdrawals/pending');
    await screen.findByText('User 1');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?page=3'));

    fireEvent.change(screen.getByLabelText('Items per page'), { target: { value: '50' } });
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50'));

    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50&sort_by=amount'));
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() =>
      expect(location.current).toBe('/withdrawals/pending?per_page=50&sort_by=amount&sort_type=asc'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'TimeStamp' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50'));

    fireEvent.change(screen.getByLabelText('ID'), { target: { value: ' 12 ' } });
    expect(location.current).toBe('/withdrawals/pending?per_page=50');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50&id=12'));
    await waitFor(() => expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ id: '12', per_page: 50 }));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending'));
    expect((screen.getByLabelText('ID') as HTMLInputElement).value).toBe('');
  });
});
