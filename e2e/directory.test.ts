import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';

let browser: Browser;
/**
 * An available demo escort in Santiago with an illustrated photo (the e2e server seeds demo data for every
 * city page); other files' escorts, registered in Santiago with the default avatar, are newer.
 */
let santiagoNick: string;
let santiagoName: string;

beforeAll(async () => {
  browser = await workerBrowser();
  const santiago = await demoEscort('/api/usuario/ciudad/Santiago');
  santiagoNick = santiago.nickname;
  santiagoName = santiago.apellido;
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** axe-core in the page (evaluated, so the strict CSP does not block it); serious and critical only. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  });
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.join(', ')}`);
}

describe('listing by city', () => {
  it('zone > region > comuna lands on /Escort/{comuna} with its title, in three choices on a phone', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await page.goto('/Escort');
    await expect(page.locator('h1').innerText()).resolves.toBe('¡Últimas escorts registradas!');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Central', exact: true }).click();
    const select = page.getByLabel('Región');
    await expect(select.locator('option').first().innerText()).resolves.toBe(
      'Elige una región de la zona Central',
    );
    await select.selectOption('Metropolitana de Santiago');
    await screenshot(page, 'directory-picker-phone');
    await page.getByRole('button', { name: 'Ñuñoa', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/Escort/Nunoa');
    await page.getByRole('heading', { level: 1, name: 'Escorts Ñuñoa', exact: true }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Ñuñoa', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect(
      page.getByRole('button', { name: 'Central', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.waitForSelector('.escort-card, .empty');
    await screenshot(page, 'directory-listing-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty text for a comuna without escorts', async () => {
    const { page, context } = await openPage(browser, phone);
    await page.goto('/Escort/General-Lagos');
    await expect(page.locator('h1').innerText()).resolves.toBe('Escorts General Lagos');
    await expect(page.getByText('Aún no hay escorts en General Lagos.').count()).resolves.toBe(1);
    await context.close();
  });

  it('/Escort/La-Serena carries the city in navigation state and shows its listing', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await page.goto('/Escort/La-Serena');
    await expect(page.locator('h1').innerText()).resolves.toBe('Escorts La Serena');
    await page.waitForFunction(
      () => (history.state as { usr?: { city?: string } } | null)?.usr?.city === 'La Serena',
    );
    expect(new URL(page.url()).pathname).toBe('/Escort/La-Serena');
    await expect(
      page.getByRole('button', { name: 'La Serena', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('city landing page and card', () => {
  it('opens a card from a city page with the keyboard, and the card survives a refresh', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await page.goto('/escorts/santiago');
    await expect(page.locator('h1').innerText()).resolves.toBe('Escort Santiago (Centro)');
    await screenshot(page, 'directory-city-phone');
    expect(await seriousViolations(page)).toEqual([]);
    const card = page.getByRole('link', { name: `Ver perfil de ${santiagoName} en Santiago` });
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/Card/${santiagoNick}`);
    await page.getByRole('heading', { level: 1, name: santiagoName, exact: true }).waitFor();
    await page.getByText('Sobre mí', { exact: true }).waitFor();
    // The button goes through the counting redirect, which answers with her wa.me chat.
    const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
    await expect(whatsapp.getAttribute('href')).resolves.toBe(`/contacto/${santiagoNick}`);
    await expect(whatsapp.getAttribute('rel')).resolves.toContain('nofollow');
    const tap = await page.request.get(`/contacto/${santiagoNick}`, { maxRedirects: 0 });
    expect(tap.status()).toBe(302);
    expect(tap.headers()['location']).toMatch(/^https:\/\/wa\.me\/56\d{9}$/);
    expect(tap.headers()['cache-control']).toBe('no-store');
    await expect(
      page.getByText('Solo los clientes registrados pueden ver los comentarios.').count(),
    ).resolves.toBe(1);

    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toBe(santiagoName);
    await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toMatch(/^http/);
    await expect(page.locator('.profile-card-photo img').getAttribute('srcset')).resolves.toMatch(
      /\.webp 320w/,
    );
    await screenshot(page, 'directory-card-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown card is the 404 page with HTTP 404', async () => {
    const { page, context } = await openPage(browser, phone);
    const response = await page.goto('/Card/nadie-aqui');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Página no encontrada');
    await context.close();
  });

  it('looks finished on a desktop screen', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await page.goto('/escorts/santiago');
    await page.waitForSelector('.escort-card img');
    await screenshot(page, 'directory-city-desktop');
    await page.goto('/Escort/Santiago');
    await screenshot(page, 'directory-listing-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/Card/${santiagoNick}`);
    await page.getByText('Sobre mí', { exact: true }).waitFor();
    await screenshot(page, 'directory-card-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
