import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { adminToken, approvedAccount, E2E_PASSWORD, loginThroughForm, newAccount } from './helpers/api.ts';
import {
  atRest,
  baseUrl,
  chromiumArgs,
  chromiumPath,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';

/**
 * The installable app (decisions 0166, 0167): Chromium's own install check finds nothing missing, the
 * service worker shows the offline page when the network is down and keeps no page nor API answer, and
 * "Instalar app" appears where the browser can install (the browser's dialog, or the iPhone steps).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const narrow = { width: 320, height: 640 };
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** Waits until the worker is active and controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
}

describe('installable', () => {
  it('meets Chromium install criteria: Page.getInstallabilityErrors reports none', async () => {
    // A profile on disk: Chromium never offers to install from an incognito context (Playwright's default).
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      viewport: phone,
      locale: 'es-CL',
      baseURL: baseUrl(),
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/Escort');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  });

  it('shows the Spanish offline page with the network down, and keeps no page nor API answer', async () => {
    // The offline page never hydrates (it has no script): no wait for it.
    const { page, context } = await openPage(browser, phone, {
      serviceWorkers: true,
      waitForHydration: false,
    });
    await page.goto('/Escort');
    await controlled(page);
    await context.setOffline(true);
    for (const url of ['/Escort/Santiago', '/mi-cuenta', '/Escort']) {
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.locator('h1').textContent()).resolves.toBe('Sin conexión');
      await expect(
        page.getByText('Sin conexión. Revisa tu internet y vuelve a intentarlo.').isVisible(),
      ).resolves.toBe(true);
      // The page's own styles and icon came from the precache too.
      await expect(
        page.locator('.offline-button').evaluate((el) => getComputedStyle(el).backgroundColor),
      ).resolves.toBe('rgb(159, 18, 57)');
    }
    await atRest(page);
    await screenshot(page, 'pwa-sin-conexion-390');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys())
        for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((u) => u !== '/offline.html' && !u.startsWith('/assets/'))).toEqual([]);
    await context.setOffline(false);
    // Back online, the same address is the real page again.
    await page.goto('/Escort');
    await expect(page.locator('h1').textContent()).resolves.not.toBe('Sin conexión');
    await context.close();
  });
});

describe('"Instalar app"', () => {
  const sizes = [
    [narrow, '320'],
    [phone, '390'],
    [desktop, '1366'],
  ] as const;

  it('on an iPhone explains Compartir → Agregar a inicio, from the footer', async () => {
    for (const [viewport, width] of sizes) {
      const { page, context, errors } = await openPage(browser, viewport, { userAgent: iphoneSafari });
      await page.goto('/Escort');
      const entry = page.getByRole('button', { name: 'Instalar app' });
      await entry.scrollIntoViewIfNeeded();
      await atRest(page);
      await screenshot(page, `pwa-instalar-pie-${width}`);
      await entry.click();
      const dialog = page.getByRole('dialog', { name: 'Instalar en tu iPhone' });
      await dialog.waitFor();
      await expect(dialog.textContent()).resolves.toContain('Compartir → Agregar a inicio');
      await expect(dialog.getByText('Agregar a inicio', { exact: true }).isVisible()).resolves.toBe(true);
      await atRest(page);
      await screenshot(page, `pwa-instrucciones-iphone-${width}`);
      await dialog.getByRole('button', { name: 'Entendido' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('is absent where the browser cannot install, and opens the browser dialog where it can', async () => {
    const person = await approvedAccount('cliente', await adminToken(), newAccount('pw'));
    for (const [viewport, width] of sizes) {
      const { page, context } = await openPage(browser, viewport);
      await loginThroughForm(page, person, E2E_PASSWORD);
      await page.goto('/Escort');
      const menuButton = page.getByRole('button', { name: `[${person.nickname}]` });
      await menuButton.click();
      await page.getByRole('menu').waitFor();
      // No install offer yet (service workers blocked here): no entry.
      await expect(page.getByRole('menuitem', { name: 'Instalar app' }).count()).resolves.toBe(0);
      await menuButton.click();
      // Chromium's offer, as the browser sends it once the site is installable.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            (window as unknown as { prompted: boolean }).prompted = true;
          },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        window.dispatchEvent(offer);
      });
      await menuButton.click();
      const item = page.getByRole('menuitem', { name: 'Instalar app' });
      await item.waitFor();
      await atRest(page);
      await screenshot(page, `pwa-instalar-menu-${width}`);
      await item.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
        .toBe(true);
      // Accepted: the entry goes away.
      await menuButton.click();
      await page.getByRole('menu').waitFor();
      await expect(page.getByRole('menuitem', { name: 'Instalar app' }).count()).resolves.toBe(0);
      await context.close();
    }
  });
});

describe('notification settings', () => {
  it('shows "Avisos en el teléfono" beside the mail switches, with the device button where push works', async () => {
    const escort = await approvedAccount('usuario', await adminToken(), newAccount('pn'));
    for (const [viewport, width] of [
      [narrow, '320'],
      [phone, '390'],
      [desktop, '1366'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, viewport, { serviceWorkers: true });
      await loginThroughForm(page, escort, E2E_PASSWORD);
      await page.goto('/panel/cuenta');
      const section = page.getByRole('region', { name: 'AVISOS EN EL TELÉFONO' });
      await section.getByRole('button', { name: 'Activar avisos en este dispositivo' }).waitFor();
      await expect(section.getByRole('switch', { name: /Mostrar detalles/ }).isChecked()).resolves.toBe(
        false,
      );
      await section.getByRole('switch', { name: /Mostrar detalles/ }).click();
      await section.getByText('Preferencias guardadas.').waitFor();
      await section.scrollIntoViewIfNeeded();
      await atRest(page);
      await screenshot(page, `pwa-avisos-telefono-${width}`);
      // "Preferencias guardadas." is still shown from the first save: wait for this save's own answer, or
      // the next viewport's page could load before it lands (and find the switch still on).
      const saved = page.waitForResponse(
        (r) =>
          r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/cuenta/notificaciones/push',
      );
      await section.getByRole('switch', { name: /Mostrar detalles/ }).click();
      expect((await saved).ok()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('favourite visits', () => {
  it("a client's settings name the comuna of visit notices, his own until he picks another", async () => {
    const client = await approvedAccount('cliente', await adminToken(), newAccount('pv'));
    for (const [viewport, width] of [
      [narrow, '320'],
      [phone, '390'],
      [desktop, '1366'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, client, E2E_PASSWORD);
      await page.goto('/mi-cuenta/cuenta');
      const section = page.getByRole('region', { name: 'VISITAS DE TUS FAVORITAS' });
      await section.getByText('Comuna de los avisos:').waitFor();
      await section.getByRole('button', { name: 'Elegir otra comuna' }).click();
      await section.getByRole('group', { name: 'Comuna de los avisos' }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await atRest(page);
      await screenshot(page, `pwa-visitas-favoritas-${width}`);
      await section.getByRole('button', { name: 'Cancelar' }).click();
      // The mail switch for the new kind is there too.
      await page
        .getByRole('switch', { name: /Visitas de tus favoritas/ })
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
