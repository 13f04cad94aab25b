import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { count, money, usdt } from '../support/format.ts';

// docs/screens.md#mines-dashboard and shared/src/rules/constants.ts: tiles, the two lists paged 5 at a time,
// medals for ranks 1-3.

const list = (page: Page, title: string) => page.getByRole('region', { name: title });
/** The data rows of a list's table. */
const rows = (box: Locator) => box.getByRole('table').locator('tbody tr.ant-table-row');
/** antd's pager: page items and the arrows are named by their title. */
const pager = (page: Page, title: string) => list(page, title).locator('.ant-pagination');
const pageItem = (pager: Locator, n: number) => pager.getByTitle(String(n), { exact: true });

async function gameIds(box: Locator): Promise<number[]> {
  const texts = await rows(box).allInnerTexts();
  return texts.map((text) => Number(/Game #(\d+)/.exec(text)?.[1]));
}

test('mines dashboard: tiles equal the database', async ({ page, state }) => {
  const e = state.expected.dashboard;
  await page.goto('/mines/dashboard');
  await expect(page.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeVisible();
  const tiles = page.getByRole('region', { name: 'All-time figures' });
  // Each tile: its label, then its figure and unit.
  const expectedTiles: [string, string][] = [
    ['Total Betting', `${money(e.totalMineBets)}USDT`],
    ['Total Games', count(e.totalMineGames)],
    ['Total Payout', `${money(e.totalMineWinnings)}USDT`],
    ['Admin Profit', `${money(e.mineAdminProfit)}USDT`],
  ];
  for (const [label, value] of expectedTiles) {
    await expect(tiles.getByText(label, { exact: true })).toBeVisible();
    await expect(tiles).toContainText(`${label}${value}`, { useInnerText: false });
  }
  await expect(tiles.getByText('Win/Loss', { exact: true })).toBeVisible();
  await expect(tiles).toContainText(`${count(e.mineWins)} / ${count(e.mineLosses)}`);
});

test('mines dashboard: paging of Active Games and Recent Big Wins', async ({ page, state }) => {
  const { activeGameIds, bigWinPayouts } = state.expected.mines;
  expect(activeGameIds.length, 'the demo data needs more than 5 active games').toBeGreaterThan(5);
  expect(bigWinPayouts.length, 'the demo data needs more than 5 big wins').toBeGreaterThan(5);
  await page.goto('/mines/dashboard');

  // Active games: page 1 and page 2 hold different games, all of them active in the database.
  const active = list(page, 'Active Games');
  await expect(rows(active)).toHaveCount(5);
  await expect(active).toContainText(`${count(activeGameIds.length)} total`);
  const page1 = await gameIds(active);
  const activePager = pager(page, 'Active Games');
  await expect(activePager.getByTitle('Previous Page')).toHaveAttribute('aria-disabled', 'true');
  await pageItem(activePager, 2).click();
  await expect(pageItem(activePager, 2)).toHaveClass(/ant-pagination-item-active/);
  await expect(rows(active)).toHaveCount(Math.min(5, activeGameIds.length - 5));
  await expect.poll(async () => (await gameIds(active)).some((id) => page1.includes(id))).toBe(false);
  const page2 = await gameIds(active);
  for (const id of [...page1, ...page2]) expect(activeGameIds).toContain(id);
  await activePager.getByTitle('Previous Page').click();
  await expect.poll(() => gameIds(active)).toEqual(page1);

  // Big wins: ranks 1-5 with medals for the podium, then 6-10 without; payouts from the database.
  const wins = list(page, 'Recent Big Wins');
  await expect(wins.getByText('Live Updates')).toBeVisible();
  await expect(rows(wins)).toHaveCount(5);
  // A medal: a drawn one (an image named '... medal ...') or an emoji.
  const medals = (box: Locator) => box.getByRole('img', { name: /medal/i }).or(box.getByText(/🥇|🥈|🥉/u));
  const podium = ['1st', '2nd', '3rd'];
  for (let n = 0; n < 5; n++) {
    const row = rows(wins).nth(n);
    if (n < 3) {
      await expect(medals(row).first()).toBeVisible();
      const medal = row.getByRole('img', { name: /medal/i });
      if (await medal.count()) await expect(medal).toHaveAccessibleName(new RegExp(podium[n]!));
    } else {
      await expect(medals(row)).toHaveCount(0);
      await expect(row).toContainText(`#${n + 1}`);
    }
    await expect(row).toContainText(`+${usdt(bigWinPayouts[n]!)}`);
  }

  const winsPager = pager(page, 'Recent Big Wins');
  await winsPager.getByTitle('Next Page').click();
  await expect(pageItem(winsPager, 2)).toHaveClass(/ant-pagination-item-active/);
  const onSecondPage = Math.min(5, bigWinPayouts.length - 5);
  await expect(rows(wins)).toHaveCount(onSecondPage);
  await expect(rows(wins).first()).toContainText('#6');
  await expect(medals(wins)).toHaveCount(0);
  for (let n = 0; n < onSecondPage; n++) {
    await expect(rows(wins).nth(n)).toContainText(`#${n + 6}`);
    await expect(rows(wins).nth(n)).toContainText(`+${usdt(bigWinPayouts[n + 5]!)}`);
  }
  // The other list kept its own page.
  await expect(pageItem(activePager, 1)).toHaveClass(/ant-pagination-item-active/);
});
