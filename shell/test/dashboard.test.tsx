import { emptyDashboardStats } from '@backoffice/shared/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import DashboardPage from '../src/features/dashboard/DashboardPage.tsx';
import { fakeApi, ok } from './fake-api.ts';

const stats = {
  ...emptyDashboardStats,
  totalUsers: 1234,
  totalDepositsUsd: '1234567.5',
  totalDepositsCount: 42,
  pendingWithdrawalsUsd: '99.999',
  pendingWithdrawalsCount: 3,
  TotalTickets: 5000,
  TotalLotteryIncoming: '25000',
  MineGameWins: 7,
};

function renderDashboard() {
  return render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

describe('the dashboard (spec section 2.5)', () => {
  beforeEach(() =>
    useAuth.getState().signIn('session', { id: 1, email: 'root@example.com', roles: ['superadmin'] }),
  );
  afterEach(() => useAuth.getState().clear());

  it('shows every card with money in 2 decimals and counts with separators', async () => {
    fakeApi({ 'GET /admin/dashboard/stats': ok(stats) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    for (const title of [
      'Total Deposits',
      'Withdrawals',
      'Users',
      'Support',
      'Lottery Stats',
      'Mines Dashboard',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByText('1,234,567.50 USDT')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('100.00 USDT')).toBeTruthy();
    expect(screen.getByText('$25,000.00')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText('Hot')).toBeTruthy();
    expect(screen.getByText('Platform Analytics')).toBeTruthy();
    expect(screen.getByText('Sign up & get up to $2000')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming Games' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Total Tickets' }).getAttribute('href')).toBe(
      '/lottery/ticket-history',
    );
    expect(screen.getByRole('link', { name: 'Total Games' }).getAttribute('href')).toBe('/mines/dashboard');
    expect(screen.getByRole('link', { name: /^Withdrawals/ }).getAttribute('href')).toBe(
      '/withdrawals/pending',
    );
  });

  it('Refresh asks the API to recompute and shows the new figures', async () => {
    const seen = fakeApi({
      'GET /admin/dashboard/stats': ok(stats),
      'POST /admin/dashboard/refresh': ok({ ...stats, totalUsers: 1300 }),
    });
    renderDashboard();
    await screen.findByText('1,234');
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await screen.findByText('1,300')).toBeTruthy();
    expect(seen.map((config) => `${config.method} ${config.url}`)).toContain('post /admin/dashboard/refresh');
  });

  it("shows 'Error Loading Dashboard' with the server's message, and Retry loads again", async () => {
    let fail = true;
    fakeApi({
      'GET /admin/dashboard/stats': () =>
        fail ? { status: 500, data: { success: false, message: 'Database unavailable' } } : ok(stats)(),
    });
    renderDashboard();
    expect(await screen.findByText('Error Loading Dashboard')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,234,567.50 USDT')).toBeTruthy();
  });

  it("falls back to 'Failed to fetch dashboard stats' when the server says nothing", async () => {
    fakeApi({ 'GET /admin/dashboard/stats': () => ({ status: 502, data: '' }) });
    renderDashboard();
    expect(await screen.findByText('Failed to fetch dashboard stats')).toBeTruthy();
  });
});

describe('the dashboard links only to areas the admin may open (issue 22)', () => {
  afterEach(() => useAuth.getState().clear());

  it('a lottery admin sees every figure, linked only into Lottery', async () => {
    useAuth.getState().signIn('session', { id: 3, email: 'lottery@example.com', roles: ['lottery'] });
    fakeApi({ 'GET /admin/dashboard/stats': ok(stats) });
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Total Tickets' })).toBeTruthy();
    expect(screen.getByText('Pending requests')).toBeTruthy();
    const targets = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(targets).toEqual(['/lottery/ticket-history']);
  });

  it('an auditor reads every area: every link is there', async () => {
    useAuth.getState().signIn('session', { id: 4, email: 'auditor@example.com', roles: ['auditor'] });
    fakeApi({ 'GET /admin/dashboard/stats': ok(stats) });
    renderDashboard();
    await screen.findByRole('link', { name: 'Total Tickets' });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/withdrawals/pending',
      '/users',
      '/support',
      '/lottery/ticket-history',
      '/mines/dashboard',
    ]);
  });
});
