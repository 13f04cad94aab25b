import { test as base, expect, type Page } from '@playwright/test';
import { controlOrigin } from './config.ts';
import { type RunState, runState } from './state.ts';

/** Tests signed in as the main admin (a storage state made once in set-up). */
export const test = base.extend<{ state: RunState }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  state: async ({}, use) => use(runState()),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  storageState: async ({}, use) => use(runState().storageState),
});

/** Tests that start signed out. */
export const signedOutTest = base.extend<{ state: RunState }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  state: async ({}, use) => use(runState()),
  storageState: { cookies: [], origins: [] },
});

export { expect };

/** Takes the mines area down (its files unreachable) or back (owned by the runner process). */
export async function minesServer(action: 'stop' | 'start'): Promise<void> {
  const answer = await fetch(`${controlOrigin}/mines/${action}`, { method: 'POST' });
  if (!answer.ok) throw new Error(`mines ${action}: ${answer.status} ${await answer.text()}`);
}

/** The toast container's text (react-toastify renders alerts in the top-right container). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

/** The console layout (sidebar) is on screen. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
