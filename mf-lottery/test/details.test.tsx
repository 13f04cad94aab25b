import { formatDateTime } from '@backoffice/shared/format';
import { ApiError } from '@backoffice/shared/host';
import type { RecordedRequest } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { details, ok, paged, renderLottery, ticket } from './helpers.tsx';

afterEach(cleanup);

const TICKETS = Array.from({ length: 7 }, (_, i) => ticket(i + 1));
const tickets = (request: RecordedRequest) => {
  const page = Number(request.params.page);
  return paged(TICKETS.slice((page - 1) * 5, page * 5), page, 5, TICKETS.length);
};

describe('Lottery Details (/lottery/details/:id)', () => {
  it('shows the cards with the draw time, distribution, admin overview and the static goal bar', async () => {
    const item = details(3, {
      name: 'Friday Pool',
      status: 'open',
      total_pool: '300',
      current_participants: 0,
      distributions: [{ rank: 1, percentage: 80, amount: '240' }],
      adminProfit: '60',
      distributionAmount: '240',
    });
    renderLottery('/lottery/details/3', {
      'GET /admin/lottery/details/3': () => ok(item),
      'GET /admin/lottery/tickets': tickets,
    });
    const cards = await screen.findByRole('region', { name: 'Summary' });
    expect(within(cards).getByText('Friday Pool')).toBeTruthy();
    expect(within(cards).getByText(`Draw Time: ${formatDateTime(item.end_time)}`)).toBeTruthy();
    expect(within(cards).getByText('Average per ticket: $300.00')).toBeTruthy();
    const admin = screen.getByRole('heading', { name: 'Admin Overview' }).closest('.ant-card') as HTMLElement;
    expect(within(admin).getByText('Profit Earned').nextSibling?.textContent).toBe('$60.00');
    expect(within(admin).getByText('Admin Share').nextSibling?.textContent).toBe('20%');
    expect(within(admin).getByText('Ticket Revenue').nextSibling?.textContent).toBe('$240.00');
    expect(within(admin).getByText('80% of monthly goal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History of lottery 3' }).getAttribute('href')).toBe(
      '/audit?target_type=lottery&target_id=3',
    );
  });

  it('lists the tickets 5 per page: #, user info, ticket number, balance with winnings, purchase date', async () => {
    const host = renderLottery('/lottery/details/3', {
      'GET /admin/lottery/details/3': () => ok(details(3)),
      'GET /admin/lottery/tickets': tickets,
    });
    expect(await screen.findByText('Showing 1 to 5 of 7 results')).toBeTruthy();
    for (const title of ['#', 'User Info', 'Ticket Number', 'Balance', 'Purchase Date'])
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    const row = screen.getByText('TK00001').closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('player1')).toBeTruthy();
    expect(within(row).getByText('$50.00')).toBeTruthy();
    expect(within(row).getByText('Winnings: $5.00')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(await screen.findByText('Showing 6 to 7 of 7 results')).toBeTruthy();
    // The pager moves at once; the rows follow when page 2 has loaded.
    expect(
      within((await screen.findByText('TK00006')).closest('tr') as HTMLElement).getByText('6'),
    ).toBeTruthy();
    // The tickets sold only (sold=true): the ones the Tickets Sold figure counts, so both say one number.
    expect(host.requests.filter((r) => r.path === '/admin/lottery/tickets').at(-1)?.params).toEqual({
      lottery_id: '3',
      sold: 'true',
      page: 2,
      limit: 5,
    });
  });

  it("exports this lottery's tickets (issue 22)", async () => {
    const host = renderLottery('/lottery/details/3', {
      'GET /admin/lottery/details/3': () => ok(details(3)),
      'GET /admin/lottery/tickets': tickets,
    });
    expect(await screen.findByText('Showing 1 to 5 of 7 results')).toBeTruthy();
    const asked: unknown[] = [];
    host.http.download = (endpoint, input) => {
      asked.push([endpoint.name, input]);
      return new Promise(() => {});
    };
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(asked).toEqual([['lotteryTicketsExport', { query: { lottery_id: '3', sold: 'true' } }]]);
  });

  it("shows page-level 'Error: ...' messages", async () => {
    renderLottery('/lottery/details/3', {
      'GET /admin/lottery/details/3': () => {
        throw new ApiError('Network error', { kind: 'network' });
      },
      'GET /admin/lottery/tickets': tickets,
    });
    expect(await screen.findByText('Error: Failed to fetch lottery details')).toBeTruthy();
    cleanup();
    renderLottery('/lottery/details/3', {
      'GET /admin/lottery/details/3': () => ok(details(3)),
      'GET /admin/lottery/tickets': () => {
        throw new ApiError('Network error', { kind: 'network' });
      },
    });
    // The tickets' failure is an error panel with Retry, the lottery's figures stay.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Failed to fetch lottery tickets');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeTruthy();
  });
});

describe('Publish Page mock-up (/lottery/publish-ticket)', () => {
  it('shows hard-coded sample figures and makes no calls', async () => {
    const host = renderLottery('/lottery/publish-ticket', {});
    expect(await screen.findByRole('heading', { name: 'Publish Page' })).toBeTruthy();
    expect(screen.getByRole('article', { name: '1st Place' })).toBeTruthy();
    expect(screen.getAllByText('AB12345').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByText('Mega Jackpot #12')).toBeTruthy());
    expect(host.requests).toHaveLength(0);
  });
});
