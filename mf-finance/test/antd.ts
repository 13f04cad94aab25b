import { fireEvent, waitFor, within } from '@testing-library/react';

/** Picks `option` of the antd Select labelled `label` inside `scope` (its options render in a popup). */
export async function choose(scope: HTMLElement, label: string, option: string): Promise<void> {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option')]
      .filter((el) => !el.closest('.ant-select-dropdown-hidden'))
      .find((el) => el.title === option);
    if (!found) throw new Error(`no option ${option} for ${label}`);
    return found;
  });
  fireEvent.click(item);
}

/** The antd Select's shown value. */
export function shownValue(scope: HTMLElement, label: string): string {
  const select = within(scope).getByLabelText(label).closest('.ant-select');
  return select?.querySelector('.ant-select-content')?.textContent ?? '';
}
