import type { TransactionsListResponse } from '@backoffice/shared/contract';
import { chooseOption } from '../support/antd.ts';
import { ApiClient } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { runState } from '../support/state.ts';

// docs/screens.md#transactions: search transactions by username (the view lives in the URL), follow the user
// link.

const api = new ApiClient();
/** The first wait after a page load: a cold area load can take well over 10 s on the shared machine. */
const cold = { timeout: 30_000 };

test('transactions: search by username and status, then follow the user link', async ({ page }) => {
  const answer = await api.send<TransactionsListResponse['data']>(
    'GET',
    '/admin/transactions?status=completed&per_page=1',
    { token: runState().twoFactor.main.session.token },
  );
  const tx = answer.body.data!.data[0]!;

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible(cold);
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row')).toHaveCount(11);

  // In the search form: the sortable Status column header carries the same label.
  const search = page.getByRole('form', { name: 'Search transactions' });
  await search.getByLabel('Username', { exact: true }).fill(tx.User.username);
  await chooseOption(page, 'Status', 'Completed', search);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `username=${tx.User.username}.*status=completed|status=completed.*username=${tx.User.username}`,
    ),
  );
  const line = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(tx.id), exact: true }) });
  await expect(line).toBeVisible();
  // Until the filtered page has replaced the first one (the transaction may be on both).
  await expect(async () => {
    for (const text of await table.getByRole('row').allInnerTexts()) {
      if (text.includes('Payment Address')) continue;
      expect(text).toContain(tx.User.username);
      expect(text).toContain('completed');
    }
  }).toPass({ timeout: 15_000 });
  await expect(line).toContainText(tx.currency.toUpperCase());
  if (tx.pay_address) {
    const shown = tx.pay_address.length > 12 ? `${tx.pay_address.slice(0, 10)}...` : tx.pay_address;
    await expect(line.getByRole('link', { name: shown })).toHaveAttribute(
      'href',
      `https://bscscan.com/address/${tx.pay_address}`,
    );
  }

  // The view survives a reload.
  await page.reload();
  await expect(search.getByLabel('Username', { exact: true })).toHaveValue(tx.User.username, cold);
  await expect(line).toBeVisible();

  await line.getByRole('link', { name: tx.User.name || tx.User.username }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${tx.User.id}$`));
});

test('transactions: no match shows the empty text', async ({ page }) => {
  await page.goto('/transactions?username=nobody-has-this-name');
  await expect(page.getByText('No transactions found matching your search criteria')).toBeVisible(cold);
});
