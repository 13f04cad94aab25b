import type { Locator, Page } from '@playwright/test';
import { runSql as sql } from '../support/database.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { usd } from '../support/format.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// The lottery life cycle (docs/screens.md#lotteries) in the real console against the real API: create, see it
// upcoming, edit it, let it close (its times moved into the past and tickets sold, with SQL), draw the
// winners, replace one by ticket number, publish, see it completed with its winners, and the winners'
// balances raised by exactly their prizes.

/** The browser's zone (playwright.config.ts): the pickers take the viewer's local time. */
const VIEWER_ZONE = 'Asia/Kolkata';

/** A date picker value ('YYYY-MM-DD HH:mm' in the viewer's zone) `hours` from now. */
function pickerValue(hours: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: VIEWER_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * Types a date-time into an antd DatePicker and confirms it with the popup's OK (Enter would also submit the
 * form around it).
 */
async function pickDateTime(input: Locator, value: string) {
  const open = input.page().locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await input.click();
  await input.fill(value);
  await open.getByRole('button', { name: 'OK' }).click();
  await expect(input).toHaveValue(value);
  // Closed for good (its closing animation over): the next picker's popup is then the only one open.
  await expect(open).toHaveCount(0);
}

/** Picks a visible option of the antd Select labelled `label` (antd also renders a hidden a11y list). */
async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await popup.locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect(popup).toBeHidden();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const winnerCard = (page: Page, place: string) => page.getByRole('article', { name: place });

async function ticketOf(card: Locator): Promise<string> {
  return ((await card.locator('.lottery-ticket-no').textContent()) ?? '').trim();
}

test('lottery life cycle: create, edit, close, draw, replace, publish, paid', async ({ page, state }) => {
  test.skip(state.database.mode !== 'postgres', 'moves the lottery clock with SQL: needs PostgreSQL');
  test.setTimeout(120_000);
  const name = `E2E Pool ${Date.now().toString(36).slice(-5)}`;

  // Create: 3 winners split equally (26.67 / 26.67 / 26.66 with the 20% admin share).
  await page.goto('/lottery/create-lottery');
  await expect(page.getByRole('heading', { name: 'Create Lottery', level: 1 })).toBeVisible();
  await page.getByLabel('Lottery Name').fill(name);
  await page.getByLabel('Ticket Price ($)').fill('10');
  await pickDateTime(page.getByLabel('Start Time'), pickerValue(2));
  await pickDateTime(page.getByLabel('End Time'), pickerValue(26));
  await page.getByLabel('Number of Winners').fill('3');
  await expect(page.getByLabel('Rank 1 (%)')).toHaveValue('26.67');
  await expect(page.getByLabel('Rank 3 (%)')).toHaveValue('26.66');
  await page.getByLabel('Rank 1 (%)').fill('30');
  await expect(page.getByText('Total percentage must equal 80%. Current total: 83.33%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Lottery' })).toBeDisabled();
  await page.getByRole('button', { name: 'Distribute Equally' }).click();
  await page.getByRole('button', { name: 'Create Lottery' }).click();
  await expect(toast(page, 'Lottery created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/lottery\/upcoming$/);
  await expect(row(page, name)).toBeVisible();
  const [created] = await sql<{ id: number }>(state, 'SELECT id FROM lotteries WHERE name = $1', [name]);
  const id = created!.id;

  // Edit: a new end time and the result 3 hours after it.
  await row(page, name).getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Lottery' });
  await expect(dialog.getByText('Upcoming')).toBeVisible();
  await pickDateTime(dialog.getByLabel('End Time'), pickerValue(30));
  await pickOption(page, dialog, 'Result Announcement', '3 hours after end time');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Lottery updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const [edited] = await sql<{ delay: string; end_hours: string }>(
    state,
    `SELECT extract(epoch FROM result_time - end_time) / 3600 AS delay,
            round(extract(epoch FROM end_time - now()) / 3600) AS end_hours
       FROM lotteries WHERE id = $1`,
    [id],
  );
  expect(Number(edited!.delay)).toBe(3);
  expect(Number(edited!.end_hours)).toBe(30);

  // Six tickets of six users sold, then the clock moves past its end: closed.
  await sql(
    state,
    `INSERT INTO lottery_tickets (lottery_id, user_id, price)
     SELECT $1, u.id, 10 FROM users u
      WHERE u.status = 'active' AND u.deleted_at IS NULL ORDER BY u.id LIMIT 6`,
    [id],
  );
  await sql(
    state,
    `UPDATE lotteries SET start_time = now() - interval '2 days', end_time = now() - interval '1 hour',
            result_time = now() - interval '1 minute' WHERE id = $1`,
    [id],
  );
  const tickets = await sql<{ ticket_number: string; user_id: number }>(
    state,
    'SELECT ticket_number, user_id FROM lottery_tickets WHERE lottery_id = $1 ORDER BY id',
    [id],
  );
  expect(tickets).toHaveLength(6);

  await page.goto('/lottery/closed');
  await expect(row(page, name)).toContainText('6/∞');
  await row(page, name).getByRole('link', { name: 'Announce Result' }).click();
  await expect(page).toHaveURL(new RegExp(`/lottery/publish/${id}$`));
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('$60.00');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // Draw.
  await page.getByRole('button', { name: 'Generate' }).click();
  for (const place of ['1st Place', '2nd Place', '3rd Place'])
    await expect(winnerCard(page, place)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
  const drawn = [
    await ticketOf(winnerCard(page, '1st Place')),
    await ticketOf(winnerCard(page, '2nd Place')),
    await ticketOf(winnerCard(page, '3rd Place')),
  ];
  expect(new Set(drawn).size).toBe(3);
  for (const number of drawn) expect(tickets.map((t) => t.ticket_number)).toContain(number);

  // Replace the 2nd place by hand: a bad format first, then a ticket of this lottery not drawn.
  const second = winnerCard(page, '2nd Place');
  await second.getByRole('button', { name: 'Edit 2nd Place ticket number' }).click();
  const input = second.getByLabel('New ticket number');
  await input.fill('ab12');
  await expect(input).toHaveValue('AB12');
  await second.getByRole('button', { name: 'Replace' }).click();
  await expect(
    second.getByText(
      'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)',
    ),
  ).toBeVisible();
  await input.fill('ZZ00000');
  await second.getByRole('button', { name: 'Replace' }).click();
  await expect(second.getByText('Ticket not found or already used')).toBeVisible();
  const replacement = tickets.find((t) => !drawn.includes(t.ticket_number))!;
  await input.fill(replacement.ticket_number.toLowerCase());
  await second.getByRole('button', { name: 'Replace' }).click();
  await expect(second.locator('.lottery-ticket-no')).toHaveText(replacement.ticket_number);
  const winners = [drawn[0]!, replacement.ticket_number, drawn[2]!];

  const userOf = (number: string) => tickets.find((t) => t.ticket_number === number)!.user_id;
  const balances = async () =>
    new Map(
      (
        await sql<{ id: number; balance: string; winnings: string }>(
          state,
          'SELECT id, balance::text, winnings::text FROM users WHERE id = ANY($1)',
          [winners.map(userOf)],
        )
      ).map((u) => [u.id, u]),
    );
  const before = await balances();

  // Publish: the confirmation states the figures first (docs/architecture.md#console-behaviour). The API's
  // rule, each prize rounded down to the cent: 60 * 26.67% = 16.002 -> 16.00 (twice), 60 * 26.66% = 15.996 ->
  // 15.99; the admin keeps the rest, the Expected Admin Profit shown on the page.
  await expect(page.locator('.lottery-admin')).toContainText(usd('12.01'));
  await page.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish Results' });
  const figure = (label: string) => confirm.getByRole('row').filter({ hasText: label });
  await expect(figure('Winners')).toHaveText('Winners3');
  await expect(figure('Total Paid')).toHaveText(`Total Paid${usd('47.99')}`);
  await expect(figure('Admin Profit')).toHaveText(`Admin Profit${usd('12.01')}`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (const [name, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await saveScreenshot(page, `lottery-publish-confirm-${name}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: 'Publish Results' }).click();
  await expect(toast(page, 'Results published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/lottery\/completed$/);

  // Paid: each winner's balance and winnings rose by exactly the prize; prizes + admin profit = pool.
  const [published] = await sql<{ result: Array<{ rank: number; ticket_number: string; amount: string }> }>(
    state,
    'SELECT result FROM lotteries WHERE id = $1 AND prize_distributed',
    [id],
  );
  const result = [...published!.result].sort((a, b) => a.rank - b.rank);
  expect(result.map((r) => r.ticket_number)).toEqual(winners);
  const after = await balances();
  const cents = (value: string | number) => Math.round(Number(value) * 100);
  let prizes = 0;
  for (const entry of result) {
    const user = userOf(entry.ticket_number);
    prizes += cents(entry.amount);
    expect(cents(after.get(user)!.balance) - cents(before.get(user)!.balance)).toBe(cents(entry.amount));
    expect(cents(after.get(user)!.winnings) - cents(before.get(user)!.winnings)).toBe(cents(entry.amount));
  }
  // Exactly what the confirmation said was paid.
  expect(prizes).toBe(4799);

  // Completed, with the winners dialog.
  const completed = row(page, name);
  await expect(completed).toBeVisible();
  await expect(completed.getByText('Distributed')).toBeVisible();
  await completed.getByRole('button', { name: 'View Winners' }).click();
  const winnersDialog = page.getByRole('dialog');
  await expect(winnersDialog.getByText('Admin Share (20%)')).toBeVisible();
  await expect(winnersDialog).toContainText(usd('60'));
  const items = winnersDialog.getByRole('listitem');
  await expect(items).toHaveCount(3);
  for (const [index, entry] of result.entries()) {
    await expect(items.nth(index)).toContainText(entry.ticket_number);
    await expect(items.nth(index)).toContainText(usd((cents(entry.amount) / 100).toFixed(2)));
    await expect(items.nth(index)).toContainText('Prize Distributed');
  }
});
