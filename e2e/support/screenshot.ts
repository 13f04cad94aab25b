import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotsDir } from './config.ts';

/**
 * Waits until the page's animations and transitions have ended (a dialog zooming in is half transparent,
 * a button just enabled is still fading from its disabled colours); spinners and other endless animations
 * are not waited for.
 */
export async function animationsEnded(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    null,
    { timeout: 10_000, polling: 50 },
  );
}

/**
 * Saves e2e/screenshots/<name>.png for a human review, as an admin would see the screen: once its
 * animations have ended (a layout sliding to a new window size is half-way) and, for a full page,
 * scrolled to the top (the fixed top bar is drawn where the page was scrolled to).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(screenshotsDir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await animationsEnded(page);
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage });
}
