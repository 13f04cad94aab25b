import { type RecordedRequest, testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import MinesApp from '../src/app.tsx';

afterEach(cleanup);

/** The data rows of a list's antd table. */
const rows = (box: HTMLElement) => [
  ...box.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'),
];

const stats = {
  totalMineBets: '15250.5',
  totalMineGames: 1234,
  totalPayout: '9000',
  mineGameWins: 700,
  mineGameLose: 500,
  adminProfit: '6250.5',
};

function game(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    mines_count: 3,
    amount: '10',
    status: 'true',
    payout: '0',
    created_at: '2026-01-05T15:07:00.000Z',
    user: { username: `player${id}` },
    ...extra,
  };
}

/** 12 active games and 7 big wins, answered 5 per page like the API. */
function page(request: RecordedRequest) {
  const order = request.params.order;
  const current = Number(request.params.page);
  const all =
    order === 'true'
      ? Array.from({ length: 7 }, (_, i) =>
          game(100 + i, { status: 'false', payout: String(1000 - i * 10), rank: i + 1 }),
        )
      : Array.from({ length: 12 }, (_, i) => game(i + 1, { status: i % 4 === 0 ? 'false' : 'true' }));
  const data = all.slice((current - 1) * 5, current * 5);
  return {
    success: true,
    message: 'OK',
    data: { data, total: all.length, totalPages: Math.ceil(all.length / 5), page: current, perPage: 5 },
  };
}

function renderMines(
  host = testHostContext({
    'GET /admin/mines/stats': () => ({ success: true, message: 'OK', data: stats }),
    'GET /admin/mines': page,
  }),
) {
  render(
    <MemoryRouter initialEntries={['/mines/dashboard']}>
      <MinesApp host={host} />
    </MemoryRouter>,
  );
  return host;
}

describe('the mines dashboard (spec section 2.11)', () => {
  it('shows the header and the five tiles', async () => {
    renderMines();
    expect(screen.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'All-time figures' });
    expect(await within(tiles).findByText('15,250.50')).toBeTruthy();
    expect(within(tiles).getByText('Total Betting')).toBeTruthy();
    expect(within(tiles).getByText('1,234')).toBeTruthy();
    expect(within(tiles).getByText('9,000.00')).toBeTruthy();
    expect(within(tiles).getByText('700 / 500')).toBeTruthy();
    expect(within(tiles).getByText('6,250.50')).toBeTruthy();
    expect(within(tiles).getAllByText('USDT')).toHaveLength(3);
    // The unit is part of the figure, which never wraps: 'USDT' never goes under the number
    // (docs/architecture.md#console-behaviour).
    expect(within(tiles).getByText('15,250.50').parentElement?.lastElementChild?.textContent).toBe('USDT');
    expect(within(tiles).getByText('15,250.50').parentElement?.className).toBe('mines-tile__figure');
  });

  it('pages the active games 5 at a time with mine count, username, game id, bet and status dot', async () => {
    const host = renderMines();
    const active = screen.getByRole('region', { name: 'Active Games' });
    expect(await within(active).findByText('player1')).toBeTruthy();
    expect(within(active).getByText('Game #1')).toBeTruthy();
    expect(within(active).getByText('12 total')).toBeTruthy();
    expect(rows(active)).toHaveLength(5);
    expect(within(active).getAllByRole('img', { name: 'inactive' })).toHaveLength(2);
    expect(within(active).getAllByRole('img', { name: 'active' })).toHaveLength(3);
    fireEvent.click(within(active).getByTitle('3'));
    expect(await within(active).findByText('player11')).toBeTruthy();
    expect(rows(active)).toHaveLength(2);
    const last = host.requests.filter((r) => r.path === '/admin/mines' && r.params.order === '').at(-1);
    expect(last?.params).toMatchObject({ page: 3, limit: 5, order: '' });
  });

  it('shows medals for the top 3 big wins, and ranks continue on page 2', async () => {
    renderMines();
    const wins = screen.getByRole('region', { name: 'Recent Big Wins' });
    expect(within(wins).getByText('Live Updates')).toBeTruthy();
    expect(await within(wins).findByRole('img', { name: 'gold medal, 1st' })).toBeTruthy();
    expect(within(wins).getByRole('img', { name: 'silver medal, 2nd' })).toBeTruthy();
    expect(within(wins).getByRole('img', { name: 'bronze medal, 3rd' })).toBeTruthy();
    expect(within(wins).getByText('#4')).toBeTruthy();
    // In the Payout column, and stacked under the player for phones (shown there by CSS only).
    const payouts = within(wins).getAllByText('+1,000.00 USDT');
    expect(payouts.map((el) => el.className.includes('mines-win-stacked'))).toEqual([true, false]);
    fireEvent.click(within(wins).getByTitle('Next Page'));
    expect(await within(wins).findByText('#6')).toBeTruthy();
    expect(within(wins).queryByRole('img', { name: /medal/ })).toBeNull();
  });

  it("shows the spec's fallback messages when the calls fail", async () => {
    const host = renderMines(testHostContext({}));
    expect(await screen.findByText('Failed to fetch mine stats')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch mines data')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch mine users')).toBeTruthy();
    expect(
      host.toasts
        .filter((t) => t.type === 'error')
        .map((t) => t.message)
        .sort(),
    ).toEqual(['Failed to fetch mine stats', 'Failed to fetch mine users', 'Failed to fetch mines data']);
  });

  it('sends unknown paths of the area to the dashboard', () => {
    render(
      <MemoryRouter initialEntries={['/mines/nope']}>
        <Routes>
          <Route path="/" element={<p>console dashboard</p>} />
          <Route path="*" element={<MinesApp host={testHostContext()} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('console dashboard')).toBeTruthy();
  });
});
