import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  E2E_PASSWORD,
  loginThroughForm,
  newAccount,
  settled,
  type Person,
  listedEscort,
} from './helpers/api.ts';
import { violations } from './helpers/axe.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

/** Her watermark switch (decision 0178): on her account page, and what her card serves after it. */
let browser: Browser;
let escort: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  escort = await listedEscort(newAccount('wm'));
}, 240_000);
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('watermark switch', () => {
  it('marks her photos and takes the mark off again, from her account page', async () => {
    const h = await openPage(browser, phone);
    await loginThroughForm(h.page, escort, E2E_PASSWORD);
    await h.page.goto('/panel/cuenta#alertas');
    await settled(h.page);
    const state = h.page.getByTestId('watermark-state');
    await state.getByText('sin marca').waitFor();
    const cardImage = async () => {
      const card = await openPage(browser, desktop);
      await card.page.goto(`/Card/${encodeURIComponent(escort.nickname)}`);
      await settled(card.page);
      const src = await card.page.locator('img[src*="/media/"]').first().getAttribute('src');
      await card.page.context().close();
      return src;
    };
    const before = await cardImage();
    expect(before).not.toMatch(/-m[0-9a-f]{8}-/);

    await h.page.getByRole('button', { name: 'Marcar mis fotos' }).click();
    await h.page.getByText(msg.watermarkOn).waitFor();
    await state.getByText('llevan tu marca').waitFor();
    expect(await h.page.getByRole('button', { name: 'Quitar la marca' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await h.page.getByTestId('watermark-state').scrollIntoViewIfNeeded();
    await screenshot(h.page, 'watermark-on-phone');
    expect(await violations(h.page)).toEqual([]);
    // Her public card serves the marked picture now.
    expect(await cardImage()).toMatch(/-m[0-9a-f]{8}-\d+\.webp/);

    await h.page.getByRole('button', { name: 'Quitar la marca' }).click();
    await h.page.getByText(msg.watermarkOff).waitFor();
    await state.getByText('sin marca').waitFor();
    expect(await cardImage()).toBe(before);

    const d = await openPage(browser, desktop);
    await loginThroughForm(d.page, escort, E2E_PASSWORD);
    await d.page.goto('/panel/cuenta#alertas');
    await settled(d.page);
    await d.page.getByTestId('watermark-state').scrollIntoViewIfNeeded();
    await screenshot(d.page, 'watermark-off-desktop');
  });
});
