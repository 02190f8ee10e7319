import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ageNoticeStorageKey } from '@encanto/core/constants';
import { consentVersions } from '@encanto/core/consent';
import { adminToken, approvedAccount, call, documentPhoto, randomRut } from './helpers/api.ts';
import {
  afterClickPainted,
  atRest,
  baseUrl,
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  painted,
  phone,
  screenshot,
} from './helpers/browser.ts';
import { demoEscort, type DemoEscort } from './helpers/demo.ts';
import { E2E_SUPPORT_EMAIL } from './helpers/global-setup.ts';

/**
 * Decisions 0071 to 0073: the 18+ notice, consent at registration and the details (hearts,
 * splash, footer, Soporte, frequent searches, card photo, favourites).
 */
let browser: Browser;
let escort: DemoEscort;
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await demoEscort();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const notice = (page: Page) => page.getByRole('dialog', { name: 'Solo para mayores de edad' });
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Signs a browser in the way the login screen does: the session keys in localStorage. */
async function signIn(page: Page, session: Record<string, string>) {
  await gotoHydrated(page, '/Informacion');
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, session);
}

describe('the 18+ notice', () => {
  it('shows on a first visit over the page, and "Soy mayor de 18 años" is remembered on the device', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, context, errors } = await openPage(browser, viewport, { ageConfirmed: false });
      await gotoHydrated(page, '/Escort');
      const dialog = notice(page);
      await dialog.waitFor();
      await dialog.getByText('Este sitio contiene material para adultos').waitFor();
      // A modal: the page behind is inert, Escape does not dismiss it.
      await expect(
        page.evaluate(() => document.querySelector('dialog.age-notice')?.matches(':modal')),
      ).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog.isVisible()).resolves.toBe(true);
      // "Salir" leaves the site (not followed here: the tests talk to 127.0.0.1 only).
      await expect(dialog.getByRole('link', { name: 'Salir' }).getAttribute('href')).resolves.toMatch(
        /^https:\/\/www\.google\./,
      );
      await atRest(page);
      await screenshot(page, `voice-18-notice-${viewport.width}`);

      await dialog.getByRole('button', { name: 'Soy mayor de 18 años' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(page.evaluate((key) => localStorage.getItem(key), ageNoticeStorageKey)).resolves.toMatch(
        /^\d{4}-\d{2}-\d{2}T/,
      );
      // Another page, another load: not asked again on this device. The notice's own inline script decides
      // while the HTML is parsed (decision 0141): by the time the page has hydrated it is gone for good.
      await gotoHydrated(page, '/Informacion');
      await painted(page);
      await expect(notice(page).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the server HTML is the page itself, complete and indexable, for a crawler and without JavaScript', async () => {
    const res = await fetch(`${baseUrl()}/Escort`, { headers: { 'user-agent': GOOGLEBOT } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es-CL">');
    expect(html).toContain('¡Últimas escorts registradas!');
    expect(html).toContain(`/Card/${escort.nickname}`);
    // The notice is in the HTML (decision 0141), as a <dialog> that only its script opens.
    expect(html).toContain('<dialog id="aviso-edad"');
    expect(html).not.toContain('<dialog id="aviso-edad" open');
    expect(html).not.toMatch(/<meta name="robots" content="[^"]*noindex/);

    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent: GOOGLEBOT,
      baseURL: baseUrl(),
    });
    const page = await context.newPage();
    await page.goto('/Escort');
    await page.locator('.escort-card').first().waitFor();
    await expect(page.locator('dialog').isVisible()).resolves.toBe(false);
    await expect(page.locator('h1').innerText()).resolves.toBe('¡Últimas escorts registradas!');
    await context.close();
  });
});

describe('consent at registration', () => {
  it('a client cannot register until both boxes are checked; both consents are then stored and exported', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const nickname = `cs${Date.now().toString(36).slice(-6)}`;
    const email = `${nickname}@correo.cl`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/cliente/registro')) posts.push(r.url());
    });
    await gotoHydrated(page, '/registro/cliente');
    await page.getByLabel('RUT o Pasaporte').fill(randomRut());
    await page.getByLabel('Nombre completo').fill('Persona De Prueba');
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByLabel('Fecha de nacimiento').fill('1991-05-20');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave1234');
    await page.getByLabel('Repetir contraseña').fill('clave1234');
    await page.getByLabel('Teléfono').fill('987654321');
    await page.getByLabel('Masculino').check();
    await page.getByLabel('Zona').selectOption('central');
    await page.getByLabel('Región').selectOption('Metropolitana de Santiago');
    await page.getByLabel('Ciudad', { exact: true }).selectOption('Providencia');
    await page.getByText('Disponible').nth(2).waitFor({ timeout: 15_000 });

    const register = page.getByRole('button', { name: 'Registrarse' });
    const terms = page.getByRole('checkbox', { name: /^Acepto los términos de servicio/ });
    const sensitive = page.getByRole('checkbox', { name: /^Doy mi consentimiento expreso/ });
    await register.click();
    await page.getByText('Para registrarte debes aceptar los términos de servicio').waitFor();
    await page.getByText('Para registrarte debes dar tu consentimiento').waitFor();
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, 'voice-consent-errors-390');

    await terms.check();
    await register.click();
    await page.getByText('Para registrarte debes dar tu consentimiento').waitFor();
    await expect(page.getByText('Para registrarte debes aceptar los términos').count()).resolves.toBe(0);
    expect(posts).toEqual([]);
    expect(page.url()).toContain('/registro/cliente');

    // The policies open in a new tab, so the half-filled form stays.
    await expect(
      page.getByRole('link', { name: /términos de servicio/ }).getAttribute('target'),
    ).resolves.toBe('_blank');
    await sensitive.check();
    await screenshot(page, 'voice-consent-checked-390');
    await register.click();
    await page.waitForURL('**/RegistroExitoso');
    expect(posts).toHaveLength(1);

    const login = await call<{ token: string }>('/cliente/login', {
      method: 'POST',
      body: { email, pass: 'clave1234' },
    });
    const exported = await call<{ consentimientos: { tipo: string; version: string }[] }>(
      '/cuenta/exportar',
      {
        token: login.token,
      },
    );
    expect(exported.consentimientos.map((c) => [c.tipo, c.version]).sort()).toEqual([
      ['datos_sensibles', consentVersions.datos_sensibles],
      ['terminos', consentVersions.terminos],
    ]);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('looks finished on a desktop', async () => {
    const { page, context } = await openPage(browser, desktop);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/usuario/registro')) posts.push(r.url());
    });
    await gotoHydrated(page, '/registro/RegistroEscort');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    const consents = page.locator('.consents');
    await consents.getByText('Para registrarte debes aceptar los términos de servicio').waitFor();
    await consents.getByText('Para registrarte debes dar tu consentimiento').waitFor();
    await consents.scrollIntoViewIfNeeded();
    // Both boxes and their errors fit the desktop width: nothing cut off, no sideways scroll.
    const box = (await consents.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(desktop.width);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);
    expect(posts).toEqual([]);
    await screenshot(page, 'voice-consent-errors-1366');
    await context.close();
  });
});

describe('details', () => {
  it('hearts are painted under the text, and are off with reduced motion and on form pages', async () => {
    const { page, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/Informacion');
    const box = (await page.locator('.info-section p').first().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('[data-heart]').waitFor();
    // Hit testing follows paint order: with the heart made hittable and held still, whatever is at its
    // centre lists the section and its text before the heart, so they are painted over it.
    const order = await page.evaluate(() => {
      for (const a of document.getAnimations()) a.pause();
      const heart = document.querySelector<HTMLElement>('[data-heart]')!;
      document.querySelector<HTMLElement>('.hearts')!.style.pointerEvents = 'auto';
      heart.style.pointerEvents = 'auto';
      const r = heart.getBoundingClientRect();
      const stack = document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return {
        heart: stack.indexOf(heart),
        section: stack.findIndex((el) => el.matches('.info-section')),
      };
    });
    expect(order.heart).toBeGreaterThanOrEqual(0);
    expect(order.section).toBeGreaterThanOrEqual(0);
    expect(order.heart).toBeGreaterThan(order.section);
    await context.close();

    const calm = await openPage(browser, phone);
    await calm.page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(calm.page, '/Informacion');
    await afterClickPainted(calm.page, () => calm.page.mouse.click(200, 500));
    await expect(calm.page.locator('[data-heart]').count()).resolves.toBe(0);
    await calm.context.close();

    const form = await openPage(browser, phone);
    await gotoHydrated(form.page, '/registro/cliente');
    await afterClickPainted(form.page, () => form.page.mouse.click(200, 160));
    await afterClickPainted(form.page, () => form.page.getByLabel('Nombre completo').click());
    await expect(form.page.locator('[data-heart]').count()).resolves.toBe(0);
    await form.context.close();
  });

  it('the splash\'s "Regístrate gratis" is a link that holds the countdown; a signed-in user skips the splash', async () => {
    const { page, context } = await openPage(browser, phone);
    // The page's timers run on a clock the test moves: the countdown's 3 s pass without waiting them.
    await page.clock.install();
    await gotoHydrated(page, '/');
    const cta = page.getByRole('link', { name: 'Regístrate gratis' });
    await expect(cta.getAttribute('href')).resolves.toBe('/registro');
    await cta.hover();
    // The hold has taken effect (the bar stops), then 3.5 s of the page's time pass: no redirect.
    await page.locator('.splash .progress-held').waitFor();
    await page.clock.runFor(3500);
    expect(new URL(page.url()).pathname).toBe('/');
    await cta.click();
    await page.waitForURL('**/registro');
    await context.close();

    const signed = await openPage(browser, phone);
    const login = await call<{ token: string; nickname: string; rut_usuario: string; email: string }>(
      '/usuario/login',
      { method: 'POST', body: { email: escort.email, pass: 'encanto123' } },
    );
    await signIn(signed.page, {
      token: login.token,
      nickname: login.nickname,
      rut_usuario: login.rut_usuario,
      email: login.email,
      tipo: 'usuario',
      tipo_perfil: 'usuario',
    });
    // The page's clock stands still: the countdown cannot end, so reaching /Escort is the skip.
    await signed.page.clock.install();
    await signed.page.clock.pauseAt(Date.now() + 1000);
    await signed.page.goto('/');
    await signed.page.waitForURL('**/Escort', { timeout: 15_000 });
    await call('/logout', { method: 'POST', token: login.token });
    await signed.context.close();
  });

  it('the footer shows the current year and "Soporte" opens a page with the configured address', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, context, errors } = await openPage(browser, viewport);
      await gotoHydrated(page, '/Informacion');
      const year = new Intl.DateTimeFormat('es-CL', { year: 'numeric', timeZone: 'America/Santiago' }).format(
        new Date(),
      );
      await expect(page.locator('.footer-copy').innerText()).resolves.toBe(
        `© ${year} Todos los derechos reservados`,
      );
      await page.locator('footer').scrollIntoViewIfNeeded();
      await screenshot(page, `voice-footer-${viewport.width}`);
      await page.locator('footer').getByRole('link', { name: 'Soporte' }).click();
      await page.waitForURL('**/Soporte');
      await page.getByRole('heading', { name: 'Soporte', level: 1 }).waitFor();
      const mail = page.getByRole('link', { name: E2E_SUPPORT_EMAIL });
      await expect(mail.getAttribute('href')).resolves.toMatch(new RegExp(`^mailto:${E2E_SUPPORT_EMAIL}`));
      await screenshot(page, `voice-soporte-${viewport.width}`);
      // The contact section of /Informacion gives the same address.
      await gotoHydrated(page, '/Informacion#seccion-5');
      await page.locator('#seccion-5').getByRole('link', { name: E2E_SUPPORT_EMAIL }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the 404 page is in Spanish, with HTTP 404', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      const res = await page.goto('/no-existe-esta-pagina');
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Página no encontrada', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Volver al inicio' }).waitFor();
      await screenshot(page, `voice-404-${viewport.width}`);
      await context.close();
    }
  });

  it('"Búsquedas frecuentes" are links', async () => {
    const { page, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/escorts/santiago');
    const searches = page.locator('.city-landing-searches').getByRole('link');
    await expect(searches.count()).resolves.toBe(4);
    await expect(searches.first().getAttribute('href')).resolves.toBe('/escorts/santiago?genero=Transexual');
    await page.getByRole('link', { name: 'Escort en Santiago', exact: true }).click();
    await page.waitForURL('**/Escort/Santiago');
    await context.close();
  });

  it('the card photo opens the lightbox; favourites show the display name', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.getByRole('button', { name: `Ver la foto de ${escort.apellido} en grande` }).click();
    const box = page.getByRole('dialog', { name: `Foto de ${escort.apellido}` });
    await box.waitFor();
    await atRest(page);
    await screenshot(page, 'voice-card-lightbox-390');
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });

    const client = await approvedAccount('cliente', await adminToken(), {
      prefix: 'fv',
      nombre: 'Cliente Favoritos Prueba',
      fecha_nac: '1988-02-03',
      fono: '944444444',
      genero: 'Masculino',
      pass: 'clave1234',
      document: () => documentPhoto('#446'),
    });
    const login = await call<{ token: string; rut_cliente: string }>('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: 'clave1234' },
    });
    await call('/favorites/agregar', {
      method: 'POST',
      token: login.token,
      body: { nick_usuario: escort.nickname, rut_cliente: login.rut_cliente },
    });
    await signIn(page, {
      token: login.token,
      nickname: client.nickname,
      rut_cliente: login.rut_cliente,
      email: client.email,
      tipo: 'cliente',
    });
    await gotoHydrated(page, '/FavoritosCliente');
    const grid = page.getByTestId('favorites-grid');
    await grid.getByText(escort.apellido, { exact: true }).waitFor();
    expect(escort.apellido).not.toBe(escort.nickname);
    await expect(grid.getByText(escort.nickname, { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'voice-favoritos-390');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
