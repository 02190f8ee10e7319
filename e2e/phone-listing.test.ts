import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { timings } from '@encanto/core/constants';
import { desktop, gotoHydrated, launchBrowser, openPage, screenshot } from './helpers/browser.ts';

/** A listing that works on a phone: the splash, the 18+ notice, the filters (at 360 px). */

const small = { width: 360, height: 780 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the splash on a phone', () => {
  it('replaces itself in the history: Back from /Escort returns to where the visitor came from', async () => {
    const { page, errors, context } = await openPage(browser, small);
    await page.clock.install();
    await gotoHydrated(page, '/Soporte');
    await gotoHydrated(page, '/');
    await page.clock.runFor(timings.splashRedirectMs);
    await page.waitForURL('**/Escort', { timeout: 10_000 });
    await page.goBack();
    await page.waitForURL('**/Soporte', { timeout: 10_000 });
    // Still there after the splash's time: nothing sends the visitor forward again.
    await page.clock.runFor(timings.splashRedirectMs + 500);
    expect(new URL(page.url()).pathname).toBe('/Soporte');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('breaks the title between words, never inside the brand', async () => {
    for (const viewport of [{ width: 320, height: 700 }, small, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.clock.install();
      await gotoHydrated(page, '/');
      // Each word's letters sit on one line (offsetTop: the letters' entrance animation moves them).
      const lines = await page
        .locator('.splash-word')
        .evaluateAll((words) =>
          words.map((w) => new Set([...w.children].map((l) => (l as HTMLElement).offsetTop)).size),
        );
      expect(lines.length, `${viewport.width}`).toBe(3);
      expect(lines, `${viewport.width}`).toEqual([1, 1, 1]);
      await page.clock.runFor(1000);
      await screenshot(page, `splash-${viewport.width}`);
      await context.close();
    }
  });
});
