import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktop, gotoHydrated, launchBrowser, openPage, phone } from './helpers/browser.ts';
import { violations } from './helpers/axe.ts';
import { demoEscort } from './helpers/demo.ts';
import { E2E_ADMIN } from './helpers/global-setup.ts';

let browser: Browser;
let nickname: string;
let city: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A demo escort, whose card has a photo, ratings and comments; other files' escorts are newer.
  const escort = await demoEscort();
  nickname = escort.nickname;
  city = escort.ciudad;
});
afterAll(async () => {
  await browser.close();
});

async function check(url: string, viewport = phone, prepare?: (page: Page) => Promise<void>) {
  const { page, context, errors } = await openPage(browser, viewport);
  await gotoHydrated(page, url);
  if (prepare) await prepare(page);
  const found = await violations(page);
  await context.close();
  return { found, errors };
}

describe('axe-core: no serious or critical violation', () => {
  const publicPages = () => [
    '/',
    '/Escort',
    `/Escort/${encodeURIComponent(
      city
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\s+/g, '-'),
    )}`,
    '/escorts/santiago',
    `/Card/${encodeURIComponent(nickname)}`,
    '/Login',
    '/Login/clienteLogin',
    '/Login/EscortLogin',
    '/registro/cliente',
    '/registro/RegistroEscort',
    '/login-admin',
    '/Informacion',
    '/pagina-que-no-existe',
  ];

  it('public pages on a phone', async () => {
    for (const url of publicPages()) {
      const { found } = await check(url);
      expect(found, url).toEqual([]);
    }
  });

  it('public pages on a desktop', async () => {
    for (const url of [
      '/',
      '/Escort',
      '/escorts/santiago',
      `/Card/${encodeURIComponent(nickname)}`,
      '/registro/RegistroEscort',
    ]) {
      const { found } = await check(url, desktop);
      expect(found, url).toEqual([]);
    }
  });

  it('forms showing their validation messages', async () => {
    const login = await check('/Login/clienteLogin', phone, async (page) => {
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await page.locator('.field-error, .message-error').first().waitFor();
    });
    expect(login.found).toEqual([]);
    const register = await check('/registro/cliente', phone, async (page) => {
      await page.locator('form button[type="submit"]').click();
      await page.locator('.field-error').first().waitFor();
    });
    expect(register.found).toEqual([]);
  });

  it('the report dialog on a card', async () => {
    const { found } = await check(`/Card/${encodeURIComponent(nickname)}`, phone, async (page) => {
      await page.getByRole('button', { name: 'Denunciar perfil' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Enviar denuncia' }).waitFor();
    });
    expect(found).toEqual([]);
  });

  it('the admin panel after logging in at /login-admin', async () => {
    const { page, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/login-admin');
    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByLabel('Tipo de perfil').fill('admin');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/pendientes/**', { timeout: 15_000 });
    await page.locator('h1').first().waitFor();
    expect(await violations(page)).toEqual([]);
    for (const tab of ['/pendientes/clientes', '/pendientes/denuncias', '/pendientes/rectificaciones']) {
      await gotoHydrated(page, tab);
      await page.locator('h1').first().waitFor();
      expect(await violations(page), tab).toEqual([]);
    }
    await page.setViewportSize(desktop);
    await gotoHydrated(page, '/pendientes/usuarios');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
