import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const cardNames = (page: Page) =>
  page.locator('.escort-card-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function apiTotal(query: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/escorts${query}`);
  return ((await res.json()) as { total: number }).total;
}

describe('search listing', () => {
  it('filters, sorts, adds a page with "Ver más" and goes Back through the choices', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/Escort');
    const total = await apiTotal('');
    expect(total).toBeGreaterThan(24);
    expect(await page.locator('.escort-card').count()).toBe(24);
    const firstPage = await cardNames(page);
    await page.getByRole('link', { name: 'Ver más' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.escort-card').length > 24);
    const both = await cardNames(page);
    expect(both.slice(0, 24)).toEqual(firstPage);
    expect(new Set(both).size).toBe(both.length);
    expect(new URL(page.url()).search).toBe('');
    // Keyboard focus lands on the first added card.
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toContain(
      'escort-card-link',
    );
    await screenshot(page, 'discovery-more-phone');

    // On a phone the filters are a sheet behind "Filtros (n)" (decision 0142).
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByLabel('Género').selectOption('Transexual');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL((u) => u.search === '?genero=Transexual');
    const trans = await apiTotal('?genero=Transexual');
    await page.getByText(trans === 1 ? '1 perfil' : `${trans} perfiles`, { exact: true }).waitFor();
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex,follow');

    await page.getByRole('button', { name: 'Filtros (1)' }).click();
    await page.getByLabel('Ordenar por').selectOption('comentarios');
    await page.waitForURL((u) => u.search === '?genero=Transexual&orden=comentarios');

    await page.goBack();
    await page.waitForURL((u) => u.search === '?genero=Transexual');
    // Back re-renders the filter bar from the URL; a loaded CI machine has taken more than 8 s to show it.
    await expect
      .poll(() => page.getByLabel('Ordenar por').inputValue(), { timeout: 30_000 })
      .toBe('recientes');
    await expect.poll(() => page.getByLabel('Género').inputValue()).toBe('Transexual');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/Escort' && u.search === '');
    // The page added with "Ver más" is still there on Back.
    await page.waitForFunction(() => document.querySelectorAll('.escort-card').length > 24);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a slow phone, Back right after choosing an order shows the order of the page returned to', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/Escort?genero=Transexual');
    // CPU slowed 6x: Back comes before the new order's page is drawn, so React returns to the
    // entry it still shows, and the select must not keep the order just chosen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByRole('button', { name: 'Filtros (1)' }).click();
    await page.getByLabel('Ordenar por').selectOption('comentarios');
    await page.waitForURL((u) => u.search === '?genero=Transexual&orden=comentarios');
    await page.goBack();
    await page.waitForURL((u) => u.search === '?genero=Transexual');
    await expect
      .poll(() => page.getByLabel('Ordenar por').inputValue(), { timeout: 15_000 })
      .toBe('recientes');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves ?pagina=2 complete without JavaScript, with plain previous and next links', async () => {
    const context = await browser.newContext({
      viewport: desktop,
      javaScriptEnabled: false,
      baseURL: baseUrl(),
    });
    const page = await context.newPage();
    await page.goto('/Escort');
    const firstPage = await cardNames(page);
    expect(firstPage).toHaveLength(24);
    const next = page.locator('a[rel="next"]');
    const href = (await next.getAttribute('href'))!;
    expect(href).toMatch(/^\/Escort\?pagina=2&cursor=/);
    await next.click();
    await page.waitForURL((u) => u.searchParams.get('pagina') === '2');
    const second = await cardNames(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((h) => firstPage.includes(h))).toEqual([]);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex,follow');
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${baseUrl()}/Escort`,
    );
    await screenshot(page, 'discovery-page2-desktop-nojs');
    // The same page typed by its number alone (a shared or edited URL): the same cards and links.
    await page.goto('/Escort?pagina=2');
    expect(await cardNames(page)).toEqual(second);
    await expect(page.locator('a[rel="prev"]').getAttribute('href')).resolves.toBe('/Escort');
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL((u) => u.search === '');
    expect(await cardNames(page)).toEqual(firstPage);
    await context.close();
  });

  it('answers 404 with noindex for an unknown comuna or region, and lists a region', async () => {
    const { page, context } = await openPage(browser, phone);
    for (const path of ['/Escort/Nowhere-Town', '/Escort/region/atlantida', '/escorts/nowhere-town']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    }
    const res = await page.goto('/Escort/Nunoa');
    expect(res?.status()).toBe(200);
    await page
      .getByRole('link', { name: 'Ver todas las escorts de la región Metropolitana de Santiago' })
      .click();
    await page.waitForURL((u) => u.pathname === '/Escort/region/metropolitana-de-santiago');
    await page.getByRole('heading', { level: 1, name: 'Escorts en Metropolitana de Santiago' }).waitFor();
    await page.waitForSelector('.escort-card');
    await screenshot(page, 'discovery-region-phone');
    await context.close();
  });
});
