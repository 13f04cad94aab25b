import { ApiError } from '@backoffice/shared/host';
import { auditorAdmin, type RecordedRequest, testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, shownValue } from './antd.ts';
import { ok, pageOf, withdrawal } from './fixtures.ts';
import { lastParams, renderFinance } from './render.tsx';

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
const checkbox = (id: number) => within(rowOf(id)).getByRole('checkbox') as HTMLInputElement;
const dialog = () => screen.getByRole('dialog');
const idField = () => screen.getByPlaceholderText('Withdrawal ID') as HTMLInputElement;
const gets = (h: ReturnType<typeof host>) => h.requests.filter((r) => r.method === 'GET').length;
const posts = (h: ReturnType<typeof host>) => h.requests.filter((r) => r.method === 'POST');
const updateButton = () => within(dialog()).getByRole('button', { name: 'Update' });

async function openPage(h = host(), url = '/withdrawals/pending') {
  const view = renderFinance(h, url);
  await screen.findByRole('table', { name: 'Pending withdrawals' });
  await within(table()).findByText('User 1');
  return view;
}

describe('pending withdrawals: the table (spec 2.9)', () => {
  it('asks for pending, waiting and awaiting-second-approval withdrawals, newest first, 10 per page', async () => {
    const h = host();
    await openPage(h);
    expect(lastParams(h, '/admin/withdrawal')).toEqual({
      page: 1,
      per_page: 10,
      status_in: ['pending', 'waiting', 'awaiting_approval'],
      sort_by: 'createdAt',
      sort_type: 'desc',
    });
    expect(screen.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeTruthy();
    expect(screen.getByText('Total:').textContent).toBe('Total: 5');
    expect(screen.getByText('Showing 1 to 5 of 5 results')).toBeTruthy();
  });

  it('shows NULL user fields, 2-decimal amounts, short explorer-linked addresses or N/A, status tags, m/d/yyyy', async () => {
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
    // Colours from the one status map: pending and waiting yellow, approved blue, rejected red.
    expect(within(first).getByText('pending').className).toContain('ant-tag-gold');

    const second = rowOf(2);
    expect(within(second).getAllByText('NULL')).toHaveLength(3);
    expect(within(second).getByText('N/A')).toBeTruthy();
    expect(within(second).getByText('1,000.00')).toBeTruthy();
    expect(within(second).getByText('waiting').className).toContain('ant-tag-gold');
    expect(within(rowOf(3)).getByText('approved').className).toContain('ant-tag-blue');
    expect(within(rowOf(5)).getByText('rejected').className).toContain('ant-tag-red');
  });

  it('shows a status it does not know in words, in grey, and does not offer to update it', async () => {
    const odd = [withdrawal(1), withdrawal(6, { status: 'awaiting_review' as never })];
    await openPage(testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(odd, r) }));
    const tag = within(rowOf(6)).getByText('Awaiting review');
    expect(tag.className).toMatch(/ant-tag(?!-(gold|blue|red|green))/);
    expect(tag.className).not.toMatch(/ant-tag-(gold|blue|red|green|orange|purple)/);
    expect(checkbox(6).disabled).toBe(true);
    expect(within(rowOf(6)).queryByRole('button', { name: 'Update withdrawal 6' })).toBeNull();
  });

  it('shows the empty text', async () => {
    renderFinance(testHostContext({ 'GET /admin/withdrawal': (r) => pageOf([], r) }), '/withdrawals/pending');
    expect(await screen.findByText('No pending withdrawals found')).toBeTruthy();
  });

  it("shows 'Error Loading Withdrawals' with the server's message, else the fallback, and toasts it", async () => {
    const failing = testHostContext({
      'GET /admin/withdrawal': () => {
        throw new ApiError('Database unavailable', { status: 500, kind: 'bad-response', fromServer: true });
      },
    });
    renderFinance(failing, '/withdrawals/pending');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Error Loading Withdrawals')).toBeTruthy();
    expect(within(panel).getByText('Database unavailable')).toBeTruthy();
    await waitFor(() =>
      expect(failing.toasts).toContainEqual({ type: 'error', message: 'Database unavailable' }),
    );
    expect(screen.queryByRole('table')).toBeNull();

    cleanup();
    const silent = testHostContext({});
    renderFinance(silent, '/withdrawals/pending');
    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByText('Failed to fetch withdrawals')).toBeTruthy();
    await waitFor(() =>
      expect(silent.toasts).toEqual([{ type: 'error', message: 'Failed to fetch withdrawals' }]),
    );
  });

  it('Retry on the error panel loads again', async () => {
    let fail = true;
    const h = testHostContext({
      'GET /admin/withdrawal': (r) => {
        if (fail) throw new ApiError('Network Error', { kind: 'network' });
        return pageOf(rows, r);
      },
    });
    renderFinance(h, '/withdrawals/pending');
    const panel = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('User 1')).toBeTruthy();
  });

  it('shows a spinner while the first page loads', async () => {
    renderFinance(
      testHostContext({ 'GET /admin/withdrawal': () => new Promise(() => {}) }),
      '/withdrawals/pending',
    );
    const box = await screen.findByRole('table', { name: 'Pending withdrawals' });
    const wrapper = box.closest('.ant-table-wrapper')!;
    expect(wrapper.querySelector('.ant-spin-spinning')).toBeTruthy();
  });
});

describe('pending withdrawals: selection (spec 2.9)', () => {
  it('lets only pending and waiting rows be ticked and updated', async () => {
    await openPage();
    for (const id of [1, 2, 4]) {
      expect(checkbox(id).disabled).toBe(false);
      expect(within(rowOf(id)).getByRole('button', { name: `Update withdrawal ${id}` })).toBeTruthy();
    }
    for (const id of [3, 5]) {
      expect(checkbox(id).disabled).toBe(true);
      expect(within(rowOf(id)).queryByRole('button', { name: `Update withdrawal ${id}` })).toBeNull();
    }
  });

  it('select-all ticks the selectable rows of the page and the count shows', async () => {
    await openPage();
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    fireEvent.click(all);
    expect(await screen.findByText('3 selected')).toBeTruthy();
    for (const id of [1, 2, 4]) expect(checkbox(id).checked).toBe(true);
    for (const id of [3, 5]) expect(checkbox(id).checked).toBe(false);
    fireEvent.click(checkbox(2));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Selected (2)' })).toBeTruthy();
    fireEvent.click(all);
    expect(await screen.findByText('3 selected')).toBeTruthy();
    fireEvent.click(all);
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Update Selected' })).toBeTruthy();
  });

  it('a new page starts with nothing ticked', async () => {
    const many = Array.from({ length: 15 }, (_, i) => withdrawal(i + 1));
    await openPage(testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(many, r) }));
    fireEvent.click(checkbox(1));
    expect(await screen.findByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await within(table()).findByText('User 11')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
  });

  it('a reload drops ticked rows that were decided meanwhile', async () => {
    const current = rows.map((w) => ({ ...w }));
    const h = testHostContext({
      'GET /admin/withdrawal': (r) => pageOf(current, r),
      'POST /admin/withdrawal/update': () => {
        current[1]!.status = 'approved';
        return ok(current[1]);
      },
    });
    await openPage(h);
    fireEvent.click(checkbox(1));
    fireEvent.click(checkbox(4));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    // Another admin decides 4 while this one approves 2 on its own: the reload shows both decided.
    current[3]!.status = 'approved';
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Update withdrawal 2' }));
    await screen.findByRole('dialog');
    await choose(dialog(), 'Status', 'Approved');
    fireEvent.click(updateButton());
    expect(await screen.findByText('1 selected')).toBeTruthy();
    expect(checkbox(1).checked).toBe(true);
    expect(checkbox(4).disabled).toBe(true);
  });

  it("refuses a bulk update with nothing selected: 'Please select withdrawals to update'", async () => {
    const h = host();
    await openPage(h);
    fireEvent.click(screen.getByRole('button', { name: 'Update Selected' }));
    expect(h.toasts).toContainEqual({ type: 'error', message: 'Please select withdrawals to update' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('pending withdrawals: a read-only admin (issue 13)', () => {
  it('an auditor sees the withdrawals and Export CSV, but no Update, no ticks and no Update Selected', async () => {
    const h = testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(rows, r) }, { admin: auditorAdmin });
    await openPage(h);
    expect(within(table()).getByText('1,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(within(table()).queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Update/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
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
    // (antd names every dialog 'test-id' under test: the title is checked as text; e2e checks the name)
    expect(within(await screen.findByRole('dialog')).getByText('Update Withdrawal Status')).toBeTruthy();
    expect(within(dialog()).getByText('Select Status')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Reason for Rejection')).toBeNull();

    fireEvent.click(updateButton());
    expect(await within(dialog()).findByText('Status is required')).toBeTruthy();
    expect(posts(h)).toHaveLength(0);

    await choose(dialog(), 'Status', 'Rejected');
    const reason = (await within(dialog()).findByLabelText('Reason for Rejection')) as HTMLTextAreaElement;
    expect(reason.placeholder).toBe('Please provide a reason for rejection');
    fireEvent.click(updateButton());
    expect(await within(dialog()).findByText('Reason is required for rejection')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(updateButton());
    expect(await within(dialog()).findByText('Reason is required for rejection')).toBeTruthy();
    expect(posts(h)).toHaveLength(0);

    await choose(dialog(), 'Status', 'Approved');
    await waitFor(() => expect(within(dialog()).queryByLabelText('Reason for Rejection')).toBeNull());
    await choose(dialog(), 'Status', 'Rejected');
    fireEvent.change(await within(dialog()).findByLabelText('Reason for Rejection'), {
      target: { value: ' Wallet blacklisted ' },
    });
    const before = gets(h);
    fireEvent.click(updateButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(h)).toHaveLength(1);
    expect(posts(h)[0]).toMatchObject({
      path: '/admin/withdrawal/update',
      body: { withdrawal_id: '1', status: 'rejected', comment: 'Wallet blacklisted' },
    });
    expect(h.toasts).toContainEqual({ type: 'success', message: 'Withdrawal status updated!' });
    await waitFor(() => expect(gets(h)).toBe(before + 1));
  });

  it("approves without a comment and reads 'Updating...' while busy; Cancel closes", async () => {
    let finish: (value: unknown) => void = () => {};
    const h = host({ 'POST /admin/withdrawal/update': () => new Promise((resolve) => (finish = resolve)) });
    await openPage(h);
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Update withdrawal 2' }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Update withdrawal 2' }));
    await screen.findByRole('dialog');
    // A fresh dialog: nothing chosen.
    expect(within(dialog()).getByText('Select Status')).toBeTruthy();
    await choose(dialog(), 'Status', 'Approved');
    fireEvent.click(updateButton());
    const busy = await within(dialog()).findByRole('button', { name: /Updating\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(posts(h)[0]?.body).toEqual({ withdrawal_id: '2', status: 'approved' });
    finish(ok(withdrawal(2, { status: 'approved' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  async function updateFirst(h: ReturnType<typeof host>) {
    await openPage(h);
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Update withdrawal 1' }));
    await screen.findByRole('dialog');
    await choose(dialog(), 'Status', 'Approved');
    fireEvent.click(updateButton());
  }

  it("toasts 'Error updating withdrawal status' when the call fails, and keeps the dialog open for a retry", async () => {
    const h = host({
      'POST /admin/withdrawal/update': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    await updateFirst(h);
    await waitFor(() =>
      expect(h.toasts).toEqual([{ type: 'error', message: 'Error updating withdrawal status' }]),
    );
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
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
      expect(h.toasts).toEqual([{ type: 'error', message: 'Insufficient hot wallet balance' }]),
    );
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  for (const [status, message] of [
    [409, 'Withdrawal is no longer pending: it is already approved'],
    [404, 'Withdrawal not found'],
  ] as const) {
    it(`toasts the server's message of a ${status}, closes the dialog and reloads the list`, async () => {
      const h = host({
        'POST /admin/withdrawal/update': () => {
          throw new ApiError(message, { status, kind: 'bad-request', fromServer: true });
        },
      });
      await openPage(h);
      const loads = gets(h);
      fireEvent.click(within(rowOf(4)).getByRole('button', { name: 'Update withdrawal 4' }));
      await screen.findByRole('dialog');
      await choose(dialog(), 'Status', 'Approved');
      fireEvent.click(updateButton());
      await waitFor(() => expect(h.toasts).toEqual([{ type: 'error', message }]));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(gets(h)).toBe(loads + 1));
    });
  }

  it('reads a 409 from another bundle (no shared ApiError class) just the same', async () => {
    // The shell's client throws its own copy of ApiError: only the brand tells it is one.
    const foreign = Object.assign(new Error('Withdrawal is no longer pending: it is already rejected'), {
      [Symbol.for('backoffice.ApiError')]: true,
      status: 409,
      kind: 'bad-request',
      fromServer: true,
    });
    const h = host({
      'POST /admin/withdrawal/update': () => {
        throw foreign;
      },
    });
    await updateFirst(h);
    await waitFor(() => expect(h.toasts).toEqual([{ type: 'error', message: foreign.message }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('pending withdrawals: bulk update', () => {
  function selectRows(ids: number[]) {
    for (const id of ids) fireEvent.click(checkbox(id));
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
    fireEvent.click(await screen.findByRole('button', { name: 'Update Selected (3)' }));
    expect(within(await screen.findByRole('dialog')).getByText('Update Status (3 withdrawals)')).toBeTruthy();
    await choose(dialog(), 'Status', 'Approved');
    fireEvent.click(updateButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(h)).toHaveLength(1);
    expect(posts(h)[0]).toMatchObject({
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
    fireEvent.click(await screen.findByRole('button', { name: 'Update Selected (3)' }));
    await screen.findByRole('dialog');
    await choose(dialog(), 'Status', 'Rejected');
    fireEvent.change(await within(dialog()).findByLabelText('Reason for Rejection'), {
      target: { value: 'Fraud' },
    });
    fireEvent.click(updateButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(h)[0]?.body).toEqual({
      withdrawal_ids: ['1', '2', '4'],
      status: 'rejected',
      comment: 'Fraud',
    });
    expect(h.toasts).toEqual([{ type: 'error', message: 'Some withdrawal updates failed' }]);
    expect(screen.getByText('#2: Withdrawal is no longer pending')).toBeTruthy();
    expect(screen.getByText('#4: Withdrawal not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('#4: Withdrawal not found')).toBeNull());
  });

  it("falls back to 'Failed to update withdrawal statuses' when the call fails, keeping the dialog", async () => {
    const h = host({
      'POST /admin/withdrawal/update-bulk': () => {
        throw new ApiError('Network Error', { kind: 'network' });
      },
    });
    await openPage(h);
    selectRows([1, 4]);
    fireEvent.click(await screen.findByRole('button', { name: 'Update Selected (2)' }));
    await screen.findByRole('dialog');
    await choose(dialog(), 'Status', 'Approved');
    fireEvent.click(updateButton());
    await waitFor(() =>
      expect(h.toasts).toEqual([{ type: 'error', message: 'Failed to update withdrawal statuses' }]),
    );
    expect(await within(dialog()).findByRole('button', { name: 'Update' })).toBeTruthy();
  });
});

describe('pending withdrawals: filters, sort and page in the URL', () => {
  const many = Array.from({ length: 60 }, (_, i) => withdrawal(i + 1));
  const manyHost = () => testHostContext({ 'GET /admin/withdrawal': (r) => pageOf(many, r) });

  it('reads the view from the URL', async () => {
    const h = manyHost();
    renderFinance(h, '/withdrawals/pending?id=7&per_page=25&page=2&sort_by=amount&sort_type=asc');
    await screen.findByRole('table', { name: 'Pending withdrawals' });
    await waitFor(() =>
      expect(lastParams(h, '/admin/withdrawal')).toEqual({
        page: 2,
        per_page: 25,
        id: '7',
        status_in: ['pending', 'waiting', 'awaiting_approval'],
        sort_by: 'amount',
        sort_type: 'asc',
      }),
    );
    await waitFor(() => expect(idField().value).toBe('7'));
    expect(shownValue(document.body, 'Items per page')).toBe('25');
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
    await choose(document.body, 'Items per page', '50');
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending?per_page=50&page=2'));
    expect(await screen.findByText('User 51')).toBeTruthy();

    fireEvent.click(within(table()).getByRole('columnheader', { name: 'Amount' }));
    await waitFor(() =>
      expect(location.current).toBe('/withdrawals/pending?per_page=50&sort_by=amount&sort_type=asc'),
    );
    await waitFor(() =>
      expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ sort_by: 'amount', sort_type: 'asc' }),
    );

    fireEvent.change(idField(), { target: { value: ' 12 ' } });
    expect(location.current).toContain('per_page=50');
    expect(location.current).not.toContain('id=');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URL(location.current, 'http://x').searchParams.get('id')).toBe('12'));
    await waitFor(() => expect(lastParams(h, '/admin/withdrawal')).toMatchObject({ id: '12', per_page: 50 }));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location.current).toBe('/withdrawals/pending'));
    expect(idField().value).toBe('');
  });
});

describe('pending withdrawals: four-eyes in words (issue 22)', () => {
  const at = '2026-01-05T09:37:00.000Z';
  // The test admin is admin #1 (admin@example.com): #7 waits on its own first approval, #8 on finance's.
  const waiting = [
    withdrawal(1),
    withdrawal(7, {
      status: 'awaiting_approval',
      amount: '5000',
      firstApprovedBy: 1,
      firstApprovedAt: at,
      firstApprover: { id: 1, email: 'admin@example.com', name: 'Admin' },
    }),
    withdrawal(8, {
      status: 'awaiting_approval',
      amount: '6000',
      firstApprovedBy: 2,
      firstApprovedAt: at,
      firstApprover: { id: 2, email: 'finance@example.com', name: 'Finance' },
    }),
  ];
  const fourEyesHost = () =>
    testHostContext({
      'GET /admin/withdrawal': (r) => pageOf(waiting, r),
      'POST /admin/withdrawal/update': () => ok(withdrawal(8, { status: 'approved' })),
    });

  it('shows the status in words, never the raw key', async () => {
    await openPage(fourEyesHost());
    for (const id of [7, 8]) {
      expect(within(rowOf(id)).getByText('Awaiting second approval').className).toContain('ant-tag-purple');
      expect(within(rowOf(id)).queryByText('awaiting_approval')).toBeNull();
    }
  });

  it('the first approver sees they wait for another admin and is not offered the decision again', async () => {
    await openPage(fourEyesHost());
    const mine = rowOf(7);
    expect(within(mine).getByText('Waiting for another admin')).toBeTruthy();
    expect(within(mine).getByText(/^1st approval: you, Jan 5, 2026, /)).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Update withdrawal 7' })).toBeNull();
    expect(checkbox(7).disabled).toBe(true);
    // Someone else's first approval is this admin's to complete.
    expect(within(rowOf(8)).getByText(/^1st approval: finance@example\.com, /)).toBeTruthy();
    expect(within(rowOf(8)).getByRole('button', { name: 'Update withdrawal 8' })).toBeTruthy();
    expect(checkbox(8).disabled).toBe(false);
  });

  it("the second approver's dialog says it is the second approval, who gave the first and when", async () => {
    const h = fourEyesHost();
    await openPage(h);
    fireEvent.click(within(rowOf(8)).getByRole('button', { name: 'Update withdrawal 8' }));
    const second = await screen.findByRole('dialog');
    expect(within(second).getByText('Second Approval of Withdrawal')).toBeTruthy();
    expect(within(second).getByText('This is the second approval (four-eyes)')).toBeTruthy();
    expect(
      within(second).getByText(
        /^First approved by finance@example\.com on Jan 5, 2026, .+\. Approving now makes the withdrawal final\.$/,
      ),
    ).toBeTruthy();
    await choose(second, 'Status', 'Approved');
    fireEvent.click(within(second).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(posts(h)[0]?.body).toEqual({ withdrawal_id: '8', status: 'approved' }));
  });

  it('a first decision keeps the usual dialog', async () => {
    await openPage(fourEyesHost());
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Update withdrawal 1' }));
    const first = await screen.findByRole('dialog');
    expect(within(first).getByText('Update Withdrawal Status')).toBeTruthy();
    expect(within(first).queryByText('This is the second approval (four-eyes)')).toBeNull();
  });
});
