import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// Recent Big Wins on a phone: rank, player and payout fit the card's width, nothing scrolls sideways
// (the payout stacks under the player below 576 px; the Payout column comes back above).

test.use({ viewport: { width: 390, height: 844 } });

test('Recent Big Wins fits a 390 px phone with every payout in view', async ({ page }) => {
  await page.goto('/mines/dashboard');
  const wins = page.getByRole('region', { name: 'Recent Big Wins' });
  const rows = wins.locator('.ant-table-tbody > tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(wins.getByRole('columnheader', { name: 'Payout' })).toHaveCount(0);
  const table = wins.locator('.ant-table-content, .ant-table-body').first();
  const [scrollWidth, clientWidth] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
  // Every row's payout is drawn inside the card.
  const card = await wins.boundingBox();
  for (const payout of await wins.locator('.mines-win-stacked').all()) {
    await expect(payout).toBeVisible();
    await expect(payout).toHaveText(/^\+[\d,]+\.\d\d USDT$/);
    const box = (await payout.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width);
  }
  await wins.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'mines-big-wins-phone', { fullPage: false });

  // Wider than a phone: the Payout column again, the stacked copy hidden.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(wins.getByRole('columnheader', { name: 'Payout' })).toBeVisible();
  await expect(wins.locator('.mines-win-stacked').first()).toBeHidden();
});
