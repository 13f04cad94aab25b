import { ApiError } from '@backoffice/shared/host';
import { type TestHost, type TestRoute, testHostContext } from '@backoffice/shared/host/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import SupportUsersApp from '../src/app.tsx';

/** Shows the current location so tests can read what the screen wrote to the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderApp(
  url: string,
  routes: Record<string, TestRoute> = {},
  options?: Parameters<typeof testHostContext>[1],
): TestHost {
  const host = testHostContext(routes, options);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<p>console dashboard</p>} />
        <Route path="*" element={<SupportUsersApp host={host} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return host;
}

export function currentUrl(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function paged<T>(rows: T[], page = 1, perPage = 10, total = rows.length) {
  return {
    success: true,
    message: 'OK',
    data: { data: rows, total, totalPages: Math.ceil(total / perPage), page, perPage },
  };
}

/** A failure carrying the server's message (e.g. a 409), or none (network error). */
export function serverError(message?: string, status = 409): never {
  if (message) throw new ApiError(message, { status, kind: 'bad-request', fromServer: true });
  throw new ApiError('Network Error', { kind: 'network' });
}

/** The current path and its query as a plain object (order-independent). */
export function currentQuery(): { path: string; query: Record<string, string> } {
  const url = new URL(currentUrl(), 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** The antd Select labelled `label`: its box (what is shown and what opens it). */
function selectBox(label: string, scope?: HTMLElement): HTMLElement {
  const root = scope ?? screen.queryByRole('form', { name: /^Search/ }) ?? document.body;
  const input = within(root).getByLabelText(label);
  const box = input.closest('.ant-select');
  if (!box) throw new Error(`${label} is not an antd Select`);
  return box as HTMLElement;
}

/** Picks `option` (its shown text) in the antd Select labelled `label`. */
export async function chooseOption(label: string, option: string, scope?: HTMLElement) {
  const box = selectBox(label, scope);
  fireEvent.mouseDown(box.querySelector('input') ?? box);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option || el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option} in ${label}`);
    return found;
  });
  fireEvent.click(item);
}

/** The text an antd Select shows for its value. */
export function selectedOption(label: string, scope?: HTMLElement): string {
  const box = selectBox(label, scope);
  const shown = box.querySelector(
    '.ant-select-content-value, .ant-select-selection-item, .ant-select-content',
  );
  return shown?.textContent ?? '';
}

/** A field of the list's search form (the table's headers carry the same names). */
export function searchField(label: string, form = /^Search/): HTMLElement {
  return within(screen.getByRole('form', { name: form })).getByLabelText(label);
}

/**
 * The open dialog titled `title`. (Under test, rc-util's useId gives every dialog the id 'test-id', so
 * the accessible name of a dialog cannot be relied on here; e2e checks the names.)
 */
export function findDialog(title?: string, role = 'dialog'): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole(role)
      .find((el) => title === undefined || el.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no open dialog ${title ?? ''}`);
    return found;
  });
}

export function queryDialog(): HTMLElement | null {
  return screen.queryByRole('dialog') ?? screen.queryByRole('alertdialog');
}
