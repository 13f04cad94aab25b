import { dayjs } from '@backoffice/shared/format';
import { ApiError } from '@backoffice/shared/host';
import type { RecordedRequest } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseOption,
  currentPath,
  deferred,
  lottery,
  ok,
  paged,
  renderLottery,
  rowOf,
  selectedText,
  ticket,
  typeDateTime,
  winner,
} from './helpers.tsx';

afterEach(cleanup);

const network = () => {
  throw new ApiError('Network error', { kind: 'network' });
};
const PICKER = 'YYYY-MM-DD HH:mm';
const spinning = (table: HTMLElement) =>
  table.closest('.ant-table-wrapper')?.querySelector('.ant-spin-spinning') ?? null;

describe('Open Lotteries', () => {
  it('shows skeleton rows while loading, then the rows', async () => {
    const answer = deferred<unknown>();
    renderLottery('/lottery/open', { 'GET /admin/lottery': () => answer.promise });
    const table = await screen.findByRole('table', { name: 'Open lotteries' });
    expect(spinning(table)).toBeTruthy();
    expect(screen.queryByText('No open lotteries found')).toBeNull();
    answer.resolve(paged([lottery(1, { name: 'Daily Draw' })]));
    expect(await screen.findByText('Daily Draw')).toBeTruthy();
    await waitFor(() => expect(spinning(table)).toBeNull());
  });

  it('lists open lotteries (limit 100) with every column, Update and View', async () => {
    const host = renderLottery('/lottery/open', {
      'GET /admin/lottery': () => paged([lottery(1, { name: 'Daily Draw', total_pool: '2500.5' })]),
    });
    expect(await screen.findByText('Daily Draw')).toBeTruthy();
    expect(host.requests[0]?.params).toMatchObject({ status: 'open', page: 1, limit: 100 });
    for (const title of [
      'Lottery Name',
      'Status',
      'Ticket Price',
      'Pool Amount',
      'Schedule (Start, End, Result)',
      'Winners',
      'Action',
    ])
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    const row = rowOf('Daily Draw');
    expect(within(row).getByText('$2,500.50')).toBeTruthy();
    expect(within(row).getByText('$10.00')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('Start:')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/lottery/details/1');
    expect(within(row).getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it("shows 'No open lotteries found', and the fallback toast on failure", async () => {
    renderLottery('/lottery/open', { 'GET /admin/lottery': () => paged([]) });
    expect(await screen.findByText('No open lotteries found')).toBeTruthy();
    cleanup();
    const host = renderLottery('/lottery/open', { 'GET /admin/lottery': network });
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch open lotteries' }),
    );
  });

  it('updates a lottery in the modal: status read-only, times, result 1-5 h; toast and reload', async () => {
    const item = lottery(1, { name: 'Daily Draw' });
    const host = renderLottery('/lottery/open', {
      'GET /admin/lottery': () => paged([item]),
      'PATCH /admin/lottery/1': (request: RecordedRequest) => ok({ ...item, ...(request.body as object) }),
    });
    await screen.findByText('Daily Draw');
    fireEvent.click(within(rowOf('Daily Draw')).getByRole('button', { name: 'Update' }));
    // By its title's text: under test every antd dialog's aria-labelledby is rc-util's fixed 'test-id'.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('Update Lottery');
    expect(within(dialog).getByText('Open')).toBeTruthy();
    const start = within(dialog).getByLabelText('Start Time') as HTMLInputElement;
    const end = within(dialog).getByLabelText('End Time') as HTMLInputElement;
    // Shown in the viewer's zone.
    expect(start.value).toBe(dayjs(item.start_time).format(PICKER));
    expect(end.value).toBe(dayjs(item.end_time).format(PICKER));
    expect(selectedText(dialog, 'Result Announcement')).toBe('2 hours after end time');
    fireEvent.mouseDown(within(dialog).getByLabelText('Result Announcement'));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map(
          (o) => o.textContent,
        ),
      ).toEqual([
        '1 hour after end time',
        '2 hours after end time',
        '3 hours after end time',
        '4 hours after end time',
        '5 hours after end time',
      ]),
    );
    await chooseOption(dialog, 'Result Announcement', '5 hours after end time');
    typeDateTime(end, '2030-01-02 18:30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Lottery updated successfully' }),
    );
    expect(host.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      start_time: item.start_time,
      end_time: dayjs('2030-01-02 18:30').toISOString(),
      result_time: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it("Cancel closes the modal; a failed save toasts 'Failed to update lottery' and keeps it open", async () => {
    const host = renderLottery('/lottery/open', {
      'GET /admin/lottery': () => paged([lottery(1, { name: 'Daily Draw' })]),
      'PATCH /admin/lottery/1': network,
    });
    const update = async () => {
      await screen.findByText('Daily Draw');
      fireEvent.click(within(rowOf('Daily Draw')).getByRole('button', { name: 'Update' }));
    };
    await update();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await update();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to update lottery' }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('Upcoming Lotteries', () => {
  it("links to Create New Lottery, shows 'No upcoming lotteries found'", async () => {
    const host = renderLottery('/lottery/upcoming', { 'GET /admin/lottery': () => paged([]) });
    expect(await screen.findByText('No upcoming lotteries found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create New Lottery/ }).getAttribute('href')).toBe(
      '/lottery/create-lottery',
    );
    expect(host.requests[0]?.params).toMatchObject({ status: 'upcoming', limit: 100 });
  });

  it('deletes after the confirmation, toasts and reloads; a failure toasts the fallback', async () => {
    let rows = [
      lottery(4, { name: 'Later Pool', status: 'upcoming' }),
      lottery(5, { name: 'Other', status: 'upcoming' }),
    ];
    let fail = false;
    const host = renderLottery('/lottery/upcoming', {
      'GET /admin/lottery': () => paged(rows),
      'DELETE /admin/lottery/4': () => {
        if (fail) network();
        rows = rows.filter((r) => r.id !== 4);
        return { success: true, message: 'Deleted' };
      },
    });
    await screen.findByText('Later Pool');
    fireEvent.click(within(rowOf('Later Pool')).getByRole('button', { name: 'Delete' }));
    // An alert dialog: the question describes it, Cancel has the focus.
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete Lottery')).toBeTruthy();
    const question = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(question?.textContent).toBe('Are you sure you want to delete this lottery?');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(host.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fail = true;
    fireEvent.click(within(rowOf('Later Pool')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to delete lottery' }),
    );

    fail = false;
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Lottery deleted successfully' }),
    );
    await waitFor(() => expect(screen.queryByText('Later Pool')).toBeNull());
    expect(screen.getByText('Other')).toBeTruthy();
  });

  it("toasts 'Failed to fetch upcoming lotteries'", async () => {
    const host = renderLottery('/lottery/upcoming', { 'GET /admin/lottery': network });
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch upcoming lotteries' }),
    );
  });
});

describe('Closed Lottery Results', () => {
  it('shows name, status, pool, participants current/max, end time; Announce Result only when not distributed', async () => {
    renderLottery('/lottery/closed', {
      'GET /admin/lottery': () =>
        paged([
          lottery(8, { name: 'Waiting', status: 'closed', current_participants: 40, max_participants: 100 }),
          lottery(9, { name: 'Paid', status: 'closed', prize_distributed: true, max_participants: null }),
        ]),
    });
    const waiting = within(rowOf(await screen.findByText('Waiting').then((e) => e.textContent ?? '')));
    expect(waiting.getByText('40/100')).toBeTruthy();
    expect(waiting.getByText('Closed')).toBeTruthy();
    expect(waiting.getByRole('link', { name: 'Announce Result' }).getAttribute('href')).toBe(
      '/lottery/publish/8',
    );
    const paid = within(rowOf('Paid'));
    expect(paid.getByText('100/∞')).toBeTruthy();
    expect(paid.queryByRole('link', { name: 'Announce Result' })).toBeNull();
  });

  it("toasts 'Failed to fetch lotteries'", async () => {
    const host = renderLottery('/lottery/closed', { 'GET /admin/lottery': network });
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch lotteries' }),
    );
  });
});

describe('Completed Lotteries', () => {
  const completed = Array.from({ length: 23 }, (_, i) =>
    lottery(100 + i, {
      name: `Done ${i + 1}`,
      status: 'completed',
      prize_distributed: true,
      total_pool: '1000',
    }),
  );
  const list = (request: RecordedRequest) => {
    const page = Number(request.params.page);
    return paged(completed.slice((page - 1) * 10, page * 10), page, 10, completed.length);
  };

  it("pages 10 at a time with 'Total Completed' and the 'Distributed' badge", async () => {
    const host = renderLottery('/lottery/completed', { 'GET /admin/lottery': list });
    expect(await screen.findByText('Done 1')).toBeTruthy();
    expect(host.requests[0]?.params).toMatchObject({ status: 'completed', page: 1, limit: 10 });
    expect(screen.getByText(/Total Completed/).textContent).toContain('23');
    expect(within(rowOf('Done 1')).getByText('Distributed')).toBeTruthy();
    expect(within(rowOf('Done 1')).getByText('ID: 100')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('Done 21')).toBeTruthy();
    expect(currentPath()).toBe('/lottery/completed?page=3');
    expect(screen.getByText('Showing 21 to 23 of 23 results')).toBeTruthy();
  });

  it('shows the winners dialog: pool, admin share and profit, distribution, per rank', async () => {
    const host = renderLottery('/lottery/completed', {
      'GET /admin/lottery': list,
      'GET /admin/lottery/winners': () =>
        ok([winner(2, 30, 'BB22222', 'bob'), winner(1, 50, 'AA11111', 'alice')]),
    });
    fireEvent.click(
      within(rowOf(await screen.findByText('Done 1').then(() => 'Done 1'))).getByRole('button', {
        name: 'View Winners',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Total Pool')).toBeTruthy();
    expect(within(dialog).getByText('$1,000.00')).toBeTruthy();
    expect(within(dialog).getByText('Admin Share (20%)')).toBeTruthy();
    expect(within(dialog).getByText('$200.00')).toBeTruthy();
    expect(within(dialog).getByText('Distribution Amount')).toBeTruthy();
    expect(within(dialog).getByText('$800.00')).toBeTruthy();
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('1st Place');
    expect(items[0]?.textContent).toContain('50%');
    expect(items[0]?.textContent).toContain('AA11111');
    expect(items[0]?.textContent).toContain('alice');
    expect(items[0]?.textContent).toContain('alice name');
    expect(items[0]?.textContent).toContain('$500.00');
    expect(items[1]?.textContent).toContain('$300.00');
    expect(within(dialog).getAllByText('Prize Distributed')).toHaveLength(2);
    expect(host.requests.at(-1)?.params).toEqual({ lottery_id: 100 });
  });

  it("says 'No winners data available', and toasts winners failures", async () => {
    let answer: () => unknown = () => ok([]);
    const host = renderLottery('/lottery/completed', {
      'GET /admin/lottery': list,
      'GET /admin/lottery/winners': () => answer(),
    });
    const open = async (name: string) =>
      fireEvent.click(
        within(rowOf(await screen.findByText(name).then(() => name))).getByRole('button', {
          name: 'View Winners',
        }),
      );
    await open('Done 1');
    expect(
      await within(await screen.findByRole('dialog')).findByText('No winners data available'),
    ).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement,
    );
    answer = () => ({ success: false, message: '' });
    await open('Done 2');
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch winners data' }),
    );
    fireEvent.click(
      within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement,
    );
    answer = network;
    await open('Done 3');
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Error fetching winners data' }),
    );
  });

  it("shows an inline error with 'Try Again', and 'No completed lotteries found'", async () => {
    let fail = true;
    const host = renderLottery('/lottery/completed', {
      'GET /admin/lottery': () => (fail ? network() : paged([])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch completed lotteries');
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch completed lotteries' }),
    );
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No completed lotteries found')).toBeTruthy();
  });
});

describe('Ticket History', () => {
  it('shows each ticket: id, number, lottery, user, price, winner and rank, won amount, status, date', async () => {
    renderLottery('/lottery/ticket-history', {
      'GET /admin/lottery': () => paged([]),
      'GET /admin/lottery/tickets': () =>
        paged([
          ticket(11, { is_winner: true, prize_rank: 2, winning_amount: '45.5' }),
          ticket(12, { status: 'cancelled' }),
        ]),
    });
    const winnerRow = rowOf(await screen.findByText('TK00011').then(() => 'TK00011'));
    for (const text of [
      '11',
      'Lottery 7',
      'player11',
      'Player 11',
      '$10.00',
      'Winner',
      'Rank 2',
      'Won $45.50',
      'Active',
    ])
      expect(within(winnerRow).getByText(text)).toBeTruthy();
    expect(within(rowOf('TK00012')).getByText('Cancelled')).toBeTruthy();
  });

  it('filters by lottery and status through the URL; Show/Hide, Apply, Reset; empty state', async () => {
    const host = renderLottery('/lottery/ticket-history', {
      'GET /admin/lottery': () =>
        paged([lottery(7, { name: 'Mega Pool' }), lottery(8, { name: 'Small Pool' })]),
      'GET /admin/lottery/tickets': () => paged([]),
    });
    expect(await screen.findByText('No tickets found')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    const form = screen.getByRole('form', { name: 'Filters' });
    await chooseOption(form, 'Lottery', 'Mega Pool');
    await chooseOption(form, 'Status', 'Active');
    fireEvent.click(within(form).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(currentPath()).toBe('/lottery/ticket-history?lottery_id=7&status=active'));
    await waitFor(() =>
      expect(host.requests.filter((r) => r.path === '/admin/lottery/tickets').at(-1)?.params).toEqual({
        lottery_id: '7',
        status: 'active',
        page: 1,
        limit: 10,
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(currentPath()).toBe('/lottery/ticket-history'));
    expect(selectedText(form, 'Status')).toBe('All Statuses');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }));
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
  });

  it('exports the tickets with the filters once the list has loaded (issue 22)', async () => {
    const answer = deferred<unknown>();
    const host = renderLottery('/lottery/ticket-history?lottery_id=7&status=active', {
      'GET /admin/lottery': () => paged([lottery(7)]),
      'GET /admin/lottery/tickets': () => answer.promise,
    });
    const exportButton = (await screen.findByRole('button', { name: /Export CSV/ })) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    expect(screen.queryByText(/Total:/)).toBeNull();
    answer.resolve(paged([ticket(11)]));
    await screen.findByText('TK00011');
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    const asked: unknown[] = [];
    host.http.download = (endpoint, input) => {
      asked.push([endpoint.name, input]);
      return new Promise(() => {});
    };
    fireEvent.click(exportButton);
    expect(asked).toEqual([['lotteryTicketsExport', { query: { lottery_id: '7', status: 'active' } }]]);
  });

  it('reads its filters from the URL and toasts a failure', async () => {
    const host = renderLottery('/lottery/ticket-history?lottery_id=8&status=cancelled&page=2', {
      'GET /admin/lottery': () => paged([lottery(8, { name: 'Small Pool' })]),
      'GET /admin/lottery/tickets': network,
    });
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to fetch tickets' }),
    );
    expect(host.requests.find((r) => r.path === '/admin/lottery/tickets')?.params).toEqual({
      lottery_id: '8',
      status: 'cancelled',
      page: 2,
      limit: 10,
    });
    expect(screen.getByRole('form', { name: 'Filters' })).toBeTruthy();
  });
});
