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
  // The visible items: antd's role=option elements are a 0x0 screen-reader copy (virtual list) of the
  // active one and its neighbours only, which cannot be clicked.
  const text =
    typeof option === 'string' ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : option;
  const item = popup.locator('.ant-select-item-option').filter({ hasText: text });
  // A click while the popup (or the dialog it is in) is still animating into place can miss the option,
  // leaving the popup open: then the option is clicked again.
  await expect(async () => {
    if (await popup.isVisible()) await item.click({ timeout: 5_000 });
    await expect(popup).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The antd Select labelled `label` (its root element), whose text is the label of its current value. */
export function selectedOption(_page: Page, label: string, scope?: Locator): Locator {
  const root = scope ?? _page;
  return root
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}
