import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  atRest,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
  smallPhone,
} from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';

/** Text search in the listing (decisions 0163, 0164): typed on a phone, without scripts, and found nothing. */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('the text search on a phone', () => {
  it('types a name at 360 px and gets her card', async () => {
    const escort = await demoEscort();
    const { page, context, errors } = await openPage(browser, smallPhone);
    await page.goto('/Escort');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Buscar escorts' });
    await box.fill(escort.nickname);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === escort.nickname);
    await expect
      .poll(() => page.locator('.listing-count').textContent())
      .toMatch(new RegExp(`^1 resultado para «${escort.nickname}»`));
    // The phone's box sits above the "Filtros" button; the bar's own field is in the folded sheet.
    const boxTop = await box.boundingBox();
    expect(boxTop!.y + boxTop!.height).toBeLessThan(780);
    await screenshot(page, 'text-search-360');
    await page.locator('.escort-card-link').first().click();
    await page.waitForURL(`**/Card/${escort.nickname}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without scripts: the GET form puts the words in the URL and the server renders the results', async () => {
    const escort = await demoEscort();
    const { page, context } = await openPage(browser, smallPhone, { waitForHydration: false });
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/Escort?genero=Femenino', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Buscar escorts' });
    await box.fill(escort.apellido);
    await Promise.all([page.waitForURL(/q=/), box.press('Enter')]);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(escort.apellido);
    // The other filters come along as the form's hidden fields.
    expect(url.searchParams.get('genero')).toBe('Femenino');
    await expect(page.locator('.listing-count').textContent()).resolves.toContain(
      `para «${escort.apellido}»`,
    );
    await context.close();
  });

  it('offers a near spelling when nothing is found, and its link finds profiles', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/Escort?q=porvidencia');
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(
      'No encontramos escorts para «porvidencia»',
    );
    const suggestion = page.getByRole('link', { name: /¿Quisiste decir «providencia»\?/ });
    await screenshot(page, 'text-search-suggestion-390');
    await suggestion.click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'providencia');
    await expect
      .poll(() => page.locator('.listing-count').textContent())
      .toMatch(/resultados? para «providencia»/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the text search on a desktop', () => {
  it('is a field of the filter bar, kept when a filter is added, ordered by relevance', async () => {
    const { page, context, errors } = await openPage(browser, desktop);
    await page.goto('/Escort');
    const field = page.getByRole('form', { name: 'Filtros' }).getByRole('searchbox', { name: 'Buscar' });
    await field.fill('santiago');
    await field.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === 'santiago');
    const order = page.getByLabel('Ordenar por');
    // The URL changes a moment before the bar renders for the words: wait for the order to follow.
    await expect.poll(() => order.locator('option:checked').textContent()).toBe('Más relevantes');
    await page.getByLabel('Género').selectOption('Femenino');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL((u) => u.searchParams.get('genero') === 'Femenino');
    expect(new URL(page.url()).searchParams.get('q')).toBe('santiago');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 1366, 390 and 320 px: the bar (or the phone box) with the words, then the count', async () => {
    for (const viewport of [desktop, phone, { width: 320, height: 800 }]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto('/Escort?q=santiago&genero=Femenino');
      await atRest(page);
      await expect(page.locator('.listing-count').textContent()).resolves.toMatch(/para «santiago»/);
      await screenshot(page, `text-search-${viewport.width}`);
      await context.close();
    }
  });
});
