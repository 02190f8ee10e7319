import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  type OpenOptions,
} from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';
import { E2E_ADMIN } from './helpers/global-setup.ts';
import { enterAdminCode } from './helpers/api.ts';
import { violations } from './helpers/axe.ts';

let browser: Browser;
let nickname: string;
let city: string;

beforeAll(async () => {
  browser = await workerBrowser();
  // A demo escort, whose card has a photo, ratings and comments; other files' escorts are newer.
  const escort = await demoEscort();
  nickname = escort.nickname;
  city = escort.ciudad;
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function check(
  url: string,
  viewport = phone,
  prepare?: (page: Page) => Promise<void>,
  options: OpenOptions = {},
) {
  const { page, context, errors } = await openPage(browser, viewport, options);
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
    '/Soporte',
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
      '/Informacion',
      '/Soporte',
      '/pagina-que-no-existe',
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

  it('the 18+ notice on a first visit, on a phone and a desktop', async () => {
    for (const viewport of [phone, desktop]) {
      const { found } = await check(
        '/Escort',
        viewport,
        async (page) => {
          await page.getByRole('dialog', { name: 'Solo para mayores de edad' }).waitFor();
        },
        { ageConfirmed: false },
      );
      expect(found).toEqual([]);
    }
  });

  it('the consent checkboxes showing their errors, and the card photo in the lightbox', async () => {
    for (const viewport of [phone, desktop]) {
      const consent = await check('/registro/RegistroEscort', viewport, async (page) => {
        await page.locator('form button[type="submit"]').click();
        await page.locator('.consent .field-error:not(:empty)').first().waitFor();
      });
      expect(consent.found).toEqual([]);
    }
    const photo = await check(`/Card/${encodeURIComponent(nickname)}`, phone, async (page) => {
      await page.getByRole('button', { name: /^Ver la foto de .+ en grande$/ }).click();
      await page.getByRole('dialog').waitFor();
    });
    expect(photo.found).toEqual([]);
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
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByLabel('Código de 6 dígitos').waitFor();
    expect(await violations(page), 'code step').toEqual([]);
    await enterAdminCode(page);
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
