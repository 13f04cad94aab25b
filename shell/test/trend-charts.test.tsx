import type { DashboardTrends, TrendPoint } from '@backoffice/shared/contract';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import { TrendCharts } from '../src/features/dashboard/TrendCharts.tsx';
import { fakeApi, ok } from './fake-api.ts';

// The chart library draws on a canvas happy-dom does not have: the plot is a stand-in here (e2e draws it).
vi.mock('../src/features/dashboard/TrendPlot.tsx', () => ({
  default: ({ chart }: { chart: { id: string } }) => <div data-testid={`plot-${chart.id}`} />,
}));

// antd's first renders take seconds on a loaded machine.
configure({ asyncUtilTimeout: 8000 });

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const series = (count: (i: number) => number, amount: (i: number) => string): TrendPoint[] =>
  days.map((day, i) => ({ day, count: count(i), amount: amount(i) }));

const all: DashboardTrends = {
  timeZone: 'UTC',
  days,
  series: {
    deposits: series(
      (i) => (i === 29 ? 2 : 0),
      (i) => (i === 29 ? '1234.5' : '0'),
    ),
    withdrawals: series(
      () => 0,
      () => '0',
    ),
    tickets: series(
      (i) => i,
      (i) => String(i * 2.5),
    ),
    users: series(
      (i) => (i === 3 ? 1200 : 0),
      () => '0',
    ),
    mines: series(
      () => 1,
      () => '0.5',
    ),
  },
};

describe('the dashboard trend charts', () => {
  beforeEach(() =>
    useAuth.getState().signIn('session', { id: 1, email: 'root@example.com', roles: ['superadmin'] }),
  );
  afterEach(() => useAuth.getState().clear());

  it("asks for the viewer's zone and draws one card per chart, each with its summary and its 30 values", async () => {
    const seen = fakeApi({ 'GET /admin/dashboard/trends': ok(all) });
    render(<TrendCharts />);
    const region = await screen.findByRole('region', { name: 'Last 30 days' });
    expect(seen[0]?.params).toEqual({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    for (const title of ['Deposits and withdrawals (USDT)', 'Tickets sold', 'New users', 'Mines bets (USDT)'])
      expect(within(region).getByRole('heading', { name: title, level: 3 })).toBeTruthy();

    const summary = within(region).getByRole('img', { name: /^Deposits and withdrawals/ });
    expect(summary.getAttribute('aria-label')).toBe(
      'Deposits and withdrawals (USDT), last 30 days. Deposits: 1,234.50 USDT in total, most on Nov 30 (1,234.50 USDT). Withdrawals: none.',
    );
    expect(
      within(region)
        .getByRole('img', { name: /^New users/ })
        .getAttribute('aria-label'),
    ).toBe('New users, last 30 days. New users: 1,200 in total, most on Nov 4 (1,200).');

    // The table is in the page for screen readers (visually hidden), 30 rows of day and value.
    const table = within(region).getByRole('table', { name: 'Tickets sold, per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]!.textContent).toBe('Nov 10');
    expect(rows[30]!.textContent).toBe('Nov 3029');
    expect(table.parentElement!.className).toBe('shell-trend__sr');

    // Show as table: the table is shown, the picture goes; and back.
    const card = table.closest('.shell-trend') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: /Show as table/ }));
    expect(
      within(card)
        .getByRole('button', { name: /Show as chart/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(table.parentElement!.className).toBe('shell-trend__table');
    expect(within(card).queryByRole('img', { name: /last 30 days/ })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /Show as chart/ }));
    expect(await within(card).findByTestId('plot-tickets')).toBeTruthy();
  });

  it('draws only the charts of the series the API answered (the areas the admin reads)', async () => {
    fakeApi({ 'GET /admin/dashboard/trends': ok({ ...all, series: { tickets: all.series.tickets } }) });
    render(<TrendCharts />);
    const region = await screen.findByRole('region', { name: 'Last 30 days' });
    await within(region).findByRole('heading', { name: 'Tickets sold' });
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Tickets sold']);
  });

  it('draws nothing for an admin who reads none of the areas', async () => {
    fakeApi({ 'GET /admin/dashboard/trends': ok({ ...all, series: {} }) });
    const { container } = render(<TrendCharts />);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Last 30 days' })).toBeNull());
    expect(container.textContent).toBe('');
  });

  it("says so when the trends fail to load, in the section's place", async () => {
    fakeApi({});
    render(<TrendCharts />);
    expect((await screen.findByRole('alert')).textContent).toBe('Route not found');
  });
});
