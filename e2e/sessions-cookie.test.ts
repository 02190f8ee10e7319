import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, randomRut } from './helpers/api.ts';
import { gotoHydrated, releaseBrowser, workerBrowser, openPage } from './helpers/browser.ts';

/** Decision 0108: the session in an HttpOnly cookie, signed-in pages rendered on the server, server redirects. */
let browser: Browser;
const stamp = Date.now().toString(36).slice(-5);
const client = { nickname: `ck${stamp}`, email: `ck${stamp}@correo.cl`, pass: 'clave123' };

beforeAll(async () => {
  browser = await workerBrowser();
  await call('/cliente/registro', {
    method: 'POST',
    body: {
      rut_cliente: randomRut(),
      nombre: 'Cata Cookie',
      nickname: client.nickname,
      fecha_nac: '1992-03-04',
      email: client.email,
      pass: client.pass,
      fono: '987654321',
      genero: 'Femenino',
      ciudad: 'Santiago',
      acepta_terminos: true,
      acepta_datos_sensibles: true,
    },
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('cookie sessions', () => {
  it('after login no token is in localStorage; the server renders her pages with her name; an admin page is a 302', async () => {
    const { page, context } = await openPage(browser);
    await gotoHydrated(page, '/Login/clienteLogin');
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(client.pass);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/PendienteValidacion');

    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.token).toBeUndefined();
    expect(stored.nickname).toBe(client.nickname);
    const cookie = (await context.cookies()).find((c) => c.name === 'encanto_sesion');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(JSON.stringify(stored)).not.toContain(cookie!.value);
    // No script can read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('encanto_sesion');

    // The server HTML of a signed-in page (the browser's cookies, no JavaScript) already names her.
    const html = await context.request.get('/mi-cuenta/perfil');
    expect(html.status()).toBe(200);
    expect(html.headers()['cache-control']).toBe('private, no-store');
    const body = await html.text();
    expect(body).toMatch(new RegExp(`dashboard-nick">@(<!-- -->)?${client.nickname}<`));
    expect(body).not.toContain(cookie!.value);

    // Opened as a page, it shows her area at once, without a skeleton turning into it.
    await page.goto('/mi-cuenta/perfil');
    await page.locator('.dashboard-nick').getByText(client.nickname).waitFor();

    // An admin page answers her with a redirect from the server, before any JavaScript.
    const admin = await context.request.get('/pendientes', { maxRedirects: 0 });
    expect(admin.status()).toBe(302);
    expect(admin.headers().location).toBe('/login-admin');
    await context.close();
  });

  it('a browser that still holds a stored token trades it for the cookie on its next visit', async () => {
    const login = await call<{ token: string; rut_cliente: string }>('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: client.pass },
    });
    const { page, context } = await openPage(browser);
    await context.addInitScript(
      ({ token, nickname, rut }) => {
        // Only before the first visit: the old app's keys, token included.
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', token);
        localStorage.setItem('nickname', nickname);
        localStorage.setItem('rut_cliente', rut);
      },
      { token: login.token, nickname: client.nickname, rut: login.rut_cliente },
    );
    await gotoHydrated(page, '/Escort');
    await page.waitForFunction(() => localStorage.getItem('token') === null, undefined, { timeout: 15_000 });
    const cookie = (await context.cookies()).find((c) => c.name === 'encanto_sesion');
    expect(cookie?.value).toBe(login.token);
    const html = await context.request.get('/mi-cuenta/perfil');
    expect(await html.text()).toMatch(new RegExp(`dashboard-nick">@(<!-- -->)?${client.nickname}<`));
    await context.close();
  });
});
