import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { timings } from '@encanto/core/constants';
import {
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

describe('app shell', () => {
  it('the splash redirects to /Escort after about 3 s', async () => {
    const { page, errors, context } = await openPage(browser);
    // The page's clock stands still until the test moves it: the countdown, which starts as the page
    // hydrates, ends at exactly 3 s of the page's time, however long the screenshot or the machine takes.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await gotoHydrated(page, '/');
    await expect(page.locator('h1').innerText()).resolves.toContain('Bienvenido a');
    await screenshot(page, 'splash-phone');
    await page.clock.runFor(timings.splashRedirectMs - 1);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.clock.runFor(1);
    await page.waitForURL('**/Escort', { timeout: 10_000 });
    await page.clock.resume();
    await page.locator('h1', { hasText: '¡Últimas escorts registradas!' }).waitFor();
    await page.waitForSelector('.escort-card');
    await screenshot(page, 'listing-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a click creates a heart that is gone after about 2 s', async () => {
    const { page, errors, context } = await openPage(browser);
    // The page's timers run on a clock the test moves: the heart's 2 s pass without waiting them.
    await page.clock.install();
    await gotoHydrated(page, '/Informacion');
    await page.mouse.click(200, 400);
    await page.waitForSelector('[data-heart]');
    await expect(page.locator('[data-heart]').count()).resolves.toBe(1);
    await expect(page.locator('.hearts').getAttribute('aria-hidden')).resolves.toBe('true');
    await page.clock.runFor(2300);
    await page.locator('[data-heart]').waitFor({ state: 'detached', timeout: 10_000 });
    await expect(page.locator('[data-heart]').count()).resolves.toBe(0);
    await screenshot(page, 'info-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown path shows the not-found page with status 404', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto('/esto-no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Página no encontrada');
    await expect(
      page.getByText('La página que buscas no existe o cambió de dirección.').count(),
    ).resolves.toBe(1);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('the nav shows Ingresar and Registrarse to visitors, on phone and desktop', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto('/Informacion');
      await expect(page.getByRole('link', { name: 'Ingresar' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Registrarse' }).isVisible()).resolves.toBe(true);
      for (const label of ['Inicio', 'Escort', 'Información']) {
        await expect(
          page
            .getByRole('navigation', { name: 'Principal' })
            .getByRole('link', { name: label, exact: true })
            .count(),
        ).resolves.toBe(1);
      }
      await screenshot(page, `info-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
