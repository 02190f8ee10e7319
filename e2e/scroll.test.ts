import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gotoHydrated, launchBrowser, openPage, phone } from './helpers/browser.ts';

/** Decision 0091: a new page starts at the top; Back returns to where the listing was left. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Polls until the page's scroll position is within 3 px of `expected` (restores can take a frame or two). */
async function settlesAt(page: Page, expected: number) {
  const deadline = Date.now() + 5000;
  let y = await scrollY(page);
  while (Math.abs(y - expected) > 3 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    y = await scrollY(page);
  }
  return y;
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
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(300);
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
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForTimeout(300);
    const y = await scrollY(page);
    expect(y).toBeGreaterThan(300);
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    expect(Math.abs((await settlesAt(page, y)) - y)).toBeLessThanOrEqual(3);
    await context.close();
  });
});
