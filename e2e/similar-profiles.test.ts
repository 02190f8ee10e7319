import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  atRest,
  baseUrl,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  screenshot,
  smallPhone,
} from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';

/** "También te puede interesar" at the end of a card (decision 0165). */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('similar profiles on a card', () => {
  it('are in the server HTML as links to their cards', async () => {
    const escort = await demoEscort();
    const html = await (await fetch(`${baseUrl()}/Card/${escort.nickname}`)).text();
    expect(html).toContain('También te puede interesar');
    const links = [...html.matchAll(/href="\/Card\/([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links).not.toContain(escort.nickname);
  });

  it('end the card at 360 px, and one opens its own card', async () => {
    const escort = await demoEscort();
    const { page, context, errors } = await openPage(browser, smallPhone);
    await page.goto(`/Card/${escort.nickname}`);
    const section = page.getByRole('region', { name: 'También te puede interesar' });
    const cards = section.locator('.escort-card-link');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    await section.scrollIntoViewIfNeeded();
    await atRest(page);
    await screenshot(page, 'similar-profiles-360');
    // No card wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    const href = await cards.first().getAttribute('href');
    await cards.first().click();
    await page.waitForURL(`**${href}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('look right on a desktop', async () => {
    const escort = await demoEscort();
    const { page, context } = await openPage(browser, desktop);
    await page.goto(`/Card/${escort.nickname}`);
    await page.getByRole('region', { name: 'También te puede interesar' }).scrollIntoViewIfNeeded();
    await atRest(page);
    await screenshot(page, 'similar-profiles-1366');
    await context.close();
  });
});
