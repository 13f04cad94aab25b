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
  await item.click();
  await expect(popup)
    .toBeHidden({ timeout: 3_000 })
    .catch(async () => {
      // A click while the popup (or the dialog it is in) was still animating into place missed the option.
      await item.click();
      await expect(popup).toBeHidden();
    });
}

/** The antd Select labelled `label` (its root element), whose text is the label of its current value. */
export function selectedOption(_page: Page, label: string, scope?: Locator): Locator {
  const root = scope ?? _page;
  return root
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}
