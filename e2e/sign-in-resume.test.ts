import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import { adminToken, approvedAccount, plainJpeg, type Person } from './helpers/api.ts';
import {
  baseUrl,
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  screenshot,
  sessionToken,
  smallPhone,
} from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEscort, type DemoEscort } from './helpers/demo.ts';

/** Sign-in that does not lose what people were doing (at 360 px). */

let browser: Browser;
let escort: DemoEscort;
let client: Person;
const CLIENT_PASSWORD = 'cliente-2026';
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await demoEscort();
  client = await approvedAccount('cliente', await adminToken(), {
    prefix: 'sr',
    nombre: 'Tomás Pérez Lagos',
    fecha_nac: '1990-01-15',
    fono: '987654321',
    genero: 'Masculino',
    pass: CLIENT_PASSWORD,
    document: () => plainJpeg({ width: 640, height: 400, background: { r: 90, g: 90, b: 110 }, quality: 80 }),
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('one login for both kinds', () => {
  it('an escort on the default Cliente tab signs in to her own account; tabs keep what she typed', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await gotoHydrated(page, '/Login');
    await page.getByLabel('Email').fill(escort.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta-1');
    // Switching tabs keeps the e-mail and the password.
    await page
      .getByRole('navigation', { name: 'Tipo de cuenta' })
      .getByRole('link', { name: 'ESCORT' })
      .click();
    await page.waitForURL('**/Login/EscortLogin');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(escort.email);
    await expect(page.getByLabel('Contraseña', { exact: true }).inputValue()).resolves.toBe('no-es-esta-1');
    await page
      .getByRole('navigation', { name: 'Tipo de cuenta' })
      .getByRole('link', { name: 'CLIENTE' })
      .click();
    await page.waitForURL('**/Login/clienteLogin');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(escort.email);
    // A wrong password says so in the spec's words, on the client tab too.
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText(msg.badCredentials).waitFor();
    await screenshot(page, 'login-wrong-password-360');
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // Her own account: the escort's dashboard, where an approved escort lands.
    await page.waitForURL('**/panel', { timeout: 15_000 });
    // The browser logs the wrong password's 401 answer; nothing else.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});

/** Signs the client in on the login page the card sent them to (it says why first). */
async function signInFromCard(page: Page, why: string, shot?: string) {
  await page.waitForURL('**/Login/clienteLogin?**');
  await page.getByText(why, { exact: true }).waitFor();
  if (shot) await screenshot(page, shot);
  await page.locator('form button[type="submit"]:not([disabled])').waitFor({ timeout: 15_000 });
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(CLIENT_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL((u) => u.pathname === `/Card/${escort.nickname}`, { timeout: 15_000 });
}

describe('a login that resumes what the visitor was doing', () => {
  it('★: the login says why, comes back to the same card and saves the favourite', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.getByTestId('favorite-star').click();
    await signInFromCard(
      page,
      `Inicia sesión para guardar a ${escort.apellido} en tus favoritos.`,
      'login-intent-favorite-360',
    );
    const star = page.getByTestId('favorite-star');
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await page.getByText(`Guardaste a ${escort.apellido} en tus favoritos.`).waitFor();
    await screenshot(page, 'login-intent-favorite-saved-360');
    // Saved on the server, not only drawn: a fresh load shows it.
    await page.reload();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Cita": comes back to the card with the request form open', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.getByRole('link', { name: 'Cita', exact: true }).click();
    await signInFromCard(page, `Inicia sesión para pedirle una cita a ${escort.apellido}.`);
    await page.getByRole('form', { name: 'Solicitar cita' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'login-intent-cita-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Comentar": comes back to the comments, which say what commenting needs', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.getByRole('link', { name: 'Comentar', exact: true }).click();
    await signInFromCard(page, `Inicia sesión para comentar el perfil de ${escort.apellido}.`);
    // No accepted meeting with her yet: the form cannot open, and the panel says why.
    await page.getByText(msg.commentAccessRequired).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the login page with its reason looks right at 320, 390 and 1366 px', async () => {
    for (const viewport of [{ width: 320, height: 700 }, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto(
        `/Login/clienteLogin?accion=favorito&perfil=${escort.nickname}&nombre=${encodeURIComponent(escort.apellido)}`,
      );
      await page.getByText(`Inicia sesión para guardar a ${escort.apellido} en tus favoritos.`).waitFor();
      await screenshot(page, `login-intent-${viewport.width}`);
      await context.close();
    }
  });
});

describe('an ended session keeps the form', () => {
  it('saving the profile asks for the password in place, then sends the same values', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await gotoHydrated(page, '/Login/EscortLogin');
    await page.getByLabel('Email').fill(escort.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/panel', { timeout: 15_000 });
    await gotoHydrated(page, '/panel/perfil');
    const legenda = page.getByLabel('Leyenda');
    const before = await legenda.inputValue();
    const typed = `Escrito antes de que la sesión terminara (${Date.now()}).`;
    await legenda.fill(typed);

    // The session ends on the server (it expired, or was closed from another device): its cookie is dead.
    const token = await sessionToken(page);
    const ended = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.ok).toBe(true);

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const dialog = page.getByRole('dialog', { name: msg.sessionRenewTitle });
    await dialog.waitFor({ timeout: 15_000 });
    await expect(legenda.inputValue()).resolves.toBe(typed);
    const password = dialog.getByLabel('Contraseña', { exact: true });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('password');
    await screenshot(page, 'session-renewal-360');
    // A wrong password says so and asks again.
    await password.fill('no-es-esta-1');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText(msg.badCredentials).waitFor();
    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The same request went again: saved, with every value the form held.
    await page.locator('.message-success').waitFor({ timeout: 15_000 });
    await expect(legenda.inputValue()).resolves.toBe(typed);
    await page.reload();
    await expect(page.getByLabel('Leyenda').inputValue()).resolves.toBe(typed);

    // Put the demo profile back as it was.
    await page.getByLabel('Leyenda').fill(before);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.locator('.message-success').waitFor({ timeout: 15_000 });
    // The browser logs the ended session's and the wrong password's 401 answers; nothing else.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('the password dialog looks right at 320, 390 and 1366 px', async () => {
    for (const viewport of [{ width: 320, height: 700 }, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await gotoHydrated(page, '/Login/EscortLogin');
      await page.getByLabel('Email').fill(escort.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await page.waitForURL('**/panel', { timeout: 15_000 });
      await gotoHydrated(page, '/panel/perfil');
      await fetch(`${baseUrl()}/api/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await sessionToken(page)}` },
      });
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      const dialog = page.getByRole('dialog', { name: msg.sessionRenewTitle });
      await dialog.waitFor({ timeout: 15_000 });
      await screenshot(page, `session-renewal-${viewport.width}`);
      // Cancelar: the screen gets the refusal, and its form stays as it was.
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByText(msg.sessionRequired).waitFor();
      await context.close();
    }
  });
});
