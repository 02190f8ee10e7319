import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { todayInChile } from '@encanto/core/chile-time';
import { addDays } from '@encanto/core/touring-dates';
import { type Person, loginThroughForm, listedEscort, newAccount } from './helpers/api.ts';
import {
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  painted,
  phone,
  screenshot,
} from './helpers/browser.ts';

/** Touring (decision 0102): she announces a visit in /panel/gira and the visited comuna lists her, marked. */
const PASSWORD = 'encanto123';
let browser: Browser;
let escort: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  // Listed: the listing below must find her.
  escort = await listedEscort({
    ...newAccount('tg'),
    nombre: 'Valentina Rojas Soto',
    fecha_nac: '1996-04-12',
    fono: '912345678',
    pass: PASSWORD,
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const login = (page: Page) => loginThroughForm(page, escort, PASSWORD);

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('touring', () => {
  it('a visit for today in another comuna, added in /panel/gira, lists her there with "De visita"', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page);
    await page
      .getByRole('navigation', { name: 'Secciones de mi panel' })
      .getByRole('link', { name: 'Gira' })
      .click();
    await page.waitForURL('**/panel/gira');
    await page.getByText('Aún no anuncias visitas.').waitFor();

    const today = todayInChile(new Date());
    await page.getByRole('button', { name: 'Agregar visita' }).click();
    const visit = page.locator('.gira-row').first();
    await visit.getByLabel('Zona').selectOption('sur');
    await visit.getByLabel('Región').selectOption('La Araucanía');
    await visit.getByLabel('Ciudad').selectOption('Temuco');
    // The server's message lands under the field it names.
    await visit.getByLabel('Desde').fill(addDays(today, 2));
    await visit.getByLabel('Hasta').fill(addDays(today, 1));
    await page.getByRole('button', { name: 'Guardar gira' }).click();
    await visit.getByText('La visita no puede terminar antes de empezar.').waitFor();

    await visit.getByLabel('Desde').fill(today);
    await visit.getByLabel('Hasta').fill(addDays(today, 3));
    await page.getByRole('button', { name: 'Guardar gira' }).click();
    await page.getByText('Tu gira quedó guardada.').waitFor();
    const saved = page.locator('.gira-list .gira-item');
    // The list reads the saved visits back after the message.
    await saved.first().waitFor();
    await expect(saved.count()).resolves.toBe(1);
    await expect(saved.first().innerText()).resolves.toMatch(/Temuco[\s\S]*En curso/);

    for (const [name, viewport] of [
      ['320', { width: 320, height: 700 }],
      ['390', phone],
      ['1366', desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The page laid out and painted at the new width.
      await painted(page);
      expect(await noSideScroll(page), `no sideways scroll at ${name}`).toBe(true);
      await screenshot(page, `touring-gira-${name}`);
    }
    // The one refusal above is the browser's only console line.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();

    // A visitor opening Temuco's listing sees her in the "De visita" section, with the dates.
    const visitor = await openPage(browser, phone);
    await visitor.page.goto('/Escort/Temuco');
    const section = visitor.page.getByRole('region', { name: 'De visita en Temuco' });
    await section.waitFor();
    const card = section.locator('.escort-card', { hasText: escort.nickname });
    await expect(card.innerText()).resolves.toMatch(/De visita[\s\S]*en Temuco (del|el) /);
    await section.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'touring-listing-temuco-phone');
    await visitor.page.setViewportSize(desktop);
    await section.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'touring-listing-temuco-desktop');
    // Her card page names the visit too.
    await card.getByRole('link').click();
    await visitor.page.waitForURL(`**/Card/${escort.nickname}`);
    await visitor.page.getByRole('list', { name: 'Gira' }).getByText('De visita').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
