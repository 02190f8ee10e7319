import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gotoHydrated, releaseBrowser, workerBrowser, openPage, painted, phone } from './helpers/browser.ts';

/** Decision 0091: a new page starts at the top; Back returns to where the listing was left. */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * The page's scroll position once it is within 3 px of `expected` (restores can take a frame or two), or
 * where it is after 5 s: the caller's assertion then shows how far off it is.
 */
async function settlesAt(page: Page, expected: number) {
  await page
    .waitForFunction((y) => Math.abs(window.scrollY - y) <= 3, expected, { timeout: 15_000 })
    .catch(() => undefined);
  return scrollY(page);
}

/**
 * Runs `scroll` and returns once the page has stopped scrolling (its scrollend) and painted twice since:
 * the position the page keeps for Back, saved on the frame after a scroll, is then the final one.
 */
async function scrolled(page: Page, scroll: () => Promise<void>) {
  // Frames first, so an earlier scroll's scrollend is not taken for this one's.
  await painted(page);
  await page.evaluate(() => {
    const w = window as unknown as { scrollEnded?: Promise<void> };
    w.scrollEnded = new Promise((resolve) =>
      window.addEventListener('scrollend', () => resolve(), { once: true }),
    );
  });
  await scroll();
  await page.evaluate(() => (window as unknown as { scrollEnded?: Promise<void> }).scrollEnded);
  await painted(page);
}

describe('scroll between pages', () => {
  it('a profile opened from a scrolled listing starts at the top; Back restores the listing', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await gotoHydrated(page, '/Escort/Santiago');
    const cards = page.locator('.escort-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(3);
    // Well down the listing: the fourth card's name link, scrolled into view by the visitor.
    const link = cards.nth(3).locator('a.escort-card-link');
    await link.scrollIntoViewIfNeeded();
    await scrolled(page, () => page.mouse.wheel(0, 120));
    const listingY = await scrollY(page);
    expect(listingY).toBeGreaterThan(400);

    await link.click();
    await page.waitForURL('**/Card/**');
    await page.locator('h1').first().waitFor();
    expect(await settlesAt(page, 0)).toBe(0);

    await page.goBack();
    await page.waitForURL('**/Escort/Santiago');
    await cards.first().waitFor();
    expect(Math.abs((await settlesAt(page, listingY)) - listingY)).toBeLessThanOrEqual(3);

    // Forward again: the profile is where it was left, the top.
    await page.goForward();
    await page.waitForURL('**/Card/**');
    expect(await settlesAt(page, 0)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload keeps the listing where it was', async () => {
    const { page, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/Escort/Santiago');
    await page.locator('.escort-card').nth(3).waitFor();
    await scrolled(page, () => page.evaluate(() => window.scrollTo(0, 700)));
    const y = await scrollY(page);
    expect(y).toBeGreaterThan(300);
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    expect(Math.abs((await settlesAt(page, y)) - y)).toBeLessThanOrEqual(3);
    await context.close();
  });
});
