import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { count, usd, usdt } from '../support/format.ts';

// docs/screens.md#dashboard: every figure of the dashboard equals what the database holds (computed in set-up
// with our own SQL), shown with 2 decimals and thousands separators for money and separators for counts.

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The card whose heading is `title`. */
function card(page: import('@playwright/test').Page, title: string): Locator {
  return page
    .locator('section, a, article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();
}

/** The label and its value sit next to each other in the card's text (in either order). */
async function expectFigure(box: Locator, label: string, value: string) {
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text keeps label and value apart
  const text = (await box.innerText()).replace(/\s+/g, ' ');
  const l = escapeRe(label);
  const v = escapeRe(value);
  expect(text, `${label} = ${value}`).toMatch(new RegExp(`(^| )(${l} ${v}|${v} ${l})( |$)`));
}

test('the dashboard shows the figures the database holds', async ({ page, state }) => {
  const e = state.expected.dashboard;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Platform Analytics' })).toBeVisible();
  await expect(page.getByText('Sign up & get up to $2000')).toBeVisible();

  const figures: Record<string, [label: string, value: string][]> = {
    'Total Deposits': [
      ['USDT deposited', usdt(e.totalDepositsUsd)],
      ['Deposits', count(e.totalDepositsCount)],
    ],
    Withdrawals: [
      ['USDT withdrawn', usdt(e.totalWithdrawalsUsd)],
      ['Pending USDT', usdt(e.pendingWithdrawalsUsd)],
      ['Pending requests', count(e.pendingWithdrawalsCount)],
    ],
    Users: [['Total users', count(e.totalUsers)]],
    Support: [
      ['Total messages', count(e.totalSupportMessages)],
      ['Open tickets', count(e.openSupportTickets)],
      ['Closed tickets', count(e.closedSupportTickets)],
    ],
    'Lottery Stats': [
      ['Total Tickets', count(e.totalTickets)],
      ['Active Lottery', count(e.activeLotteries)],
      ['Total Revenue', usd(e.lotteryIncoming)],
      ['Total Winnings', usd(e.lotteryOutgoing)],
      ['Admin Profit', usd(e.lotteryAdminProfit)],
    ],
    'Mines Dashboard': [
      ['Total Games', count(e.totalMineGames)],
      ['Total Winnings', usdt(e.totalMineWinnings)],
      ['Active Games', count(e.activeMineGames)],
      ['Total Bets', usdt(e.totalMineBets)],
      ['Admin Profit', usdt(e.mineAdminProfit)],
      ['Mine Winning Count', count(e.mineWins)],
      ['Mine Losing Count', count(e.mineLosses)],
    ],
  };
  for (const [title, pairs] of Object.entries(figures)) {
    const box = card(page, title);
    await expect(box).toBeVisible();
    for (const [label, value] of pairs) await expectFigure(box, label, value);
  }
  await expect(card(page, 'Lottery Stats').getByText('Live', { exact: true })).toBeVisible();
  await expect(card(page, 'Mines Dashboard').getByText('Hot', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming Games' })).toBeVisible();

  // Refresh recomputes on the server: the same figures.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expectFigure(card(page, 'Total Deposits'), 'USDT deposited', usdt(e.totalDepositsUsd));
});

test('the dashboard cards link to their screens', async ({ page }) => {
  await page.goto('/');
  // A card is a link named by what it shows (label in name): its title, then its figures.
  const cardLink = (title: string) =>
    page.getByRole('main').getByRole('link', { name: new RegExp(`^${title}\\b`) });
  await expect(cardLink('Withdrawals')).toHaveAttribute('href', '/withdrawals/pending');
  await expect(cardLink('Users')).toHaveAttribute('href', '/users');
  await expect(cardLink('Support')).toHaveAttribute('href', '/support');
  await expect(page.getByRole('link', { name: 'Total Tickets' })).toHaveAttribute(
    'href',
    '/lottery/ticket-history',
  );
  await page.getByRole('link', { name: 'Total Games' }).click();
  await expect(page).toHaveURL(/\/mines\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeVisible();
});

test('a failed stats call shows "Error Loading Dashboard"; Retry loads the figures', async ({
  page,
  state,
}) => {
  // The API failing (not under maintenance): answer 500 once with a server message.
  await page.route('**/api/admin/dashboard/stats', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Stats are unavailable right now' } }),
  );
  await page.goto('/');
  const panel = page.getByRole('alert').filter({ hasText: 'Error Loading Dashboard' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Stats are unavailable right now');
  await expect(page).toHaveURL(/\/$/);

  await page.unroute('**/api/admin/dashboard/stats');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel).toHaveCount(0);
  await expectFigure(card(page, 'Users'), 'Total users', count(state.expected.dashboard.totalUsers));
});
