import { expect, type Locator, type Page } from '@playwright/test';

/** Picks `option` in the antd Select labelled `label` (antd renders its options in a popup list). */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  scope?: Locator,
) {
  const root = scope ?? page;
  await root.getByLabel(label, { exact: typeof label === 'string' }).click();
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await popup.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(popup).toBeHidden();
}

/** The text an antd Select shows for its current value. */
export function selectedOption(page: Page, label: string, scope?: Locator): Locator {
  const root = scope ?? page;
  return root
    .locator('.ant-select')
    .filter({ has: root.getByLabel(label, { exact: true }) })
    .locator('.ant-select-content, .ant-select-selection-item')
    .first();
}
