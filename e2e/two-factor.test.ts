import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  approvedAccount,
  call,
  callStatus,
  portrait,
  type NewAccount,
  type Person,
} from './helpers/api.ts';
import { mailMatching } from './helpers/mail.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';
import { totpCode } from './helpers/totp.ts';

/** Two-step login from Cuenta (decision 0078): the secret is read from the page, as typing it by hand. */
const PASSWORD = 'encanto123';
const account = (prefix: string): NewAccount => ({
  prefix,
  nombre: 'Camila Fuentes Vera',
  fecha_nac: '1994-02-11',
  fono: '912345678',
  genero: 'Femenino',
  pass: PASSWORD,
  document: () => portrait('#445566', '#8899aa'),
});

let browser: Browser;
let escort: Person;
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await approvedAccount('usuario', await adminToken(), account('tf'));
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function passwordStep(page: Page) {
  await page.goto('/Login/EscortLogin');
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
  await page.getByLabel('Email').fill(escort.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

describe('two-step login from the profile', () => {
  it('turns on by reading the secret from the page, then the login asks for the code', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await passwordStep(page);
    await page.waitForURL('**/panel');
    await page.goto('/panel/cuenta');
    const section = page.locator('#seguridad');
    await section.getByRole('button', { name: 'Activar con una app de autenticación' }).click();
    // A session alone changes no factor: the page asks for the password first.
    const proof = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await proof.waitFor();
    await screenshot(page, 'two-factor-proof-390');
    await proof.getByLabel('Contraseña', { exact: true }).fill('no-es-mi-clave1');
    await proof.getByRole('button', { name: 'Confirmar' }).click();
    await proof.getByText('La contraseña no es correcta.').waitFor();
    await proof.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await proof.getByRole('button', { name: 'Confirmar' }).click();
    await proof.waitFor({ state: 'hidden' });
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(section.locator('.tf-qr svg').count()).resolves.toBe(1);
    await section.locator('.tf-qr').scrollIntoViewIfNeeded();
    await screenshot(page, 'two-factor-enrol-390');
    const code = section.getByLabel('Código de 6 dígitos');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    const enrolledAt = Date.now();
    await code.fill(totpCode(secret, enrolledAt));
    await section.getByRole('button', { name: 'Activar', exact: true }).click();
    const codes = section.getByRole('list', { name: 'Códigos de recuperación' }).locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Descargar códigos (.txt)' }).click();
    expect((await download).suggestedFilename()).toBe('codigos-recuperacion-encanto.txt');
    await page.setViewportSize(desktop);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'two-factor-codes-1366');
    await section.getByRole('button', { name: 'Ya los guardé' }).click();
    await section.getByText('Activada. Te quedan 10 códigos de recuperación sin usar.').waitFor();
    await section.getByText('(este dispositivo)').waitFor();
    await context.close();

    // A new device: password, then the code of the next 30-second step (the enrolment used this one).
    const second = await openPage(browser, phone);
    await passwordStep(second.page);
    const field = second.page.getByLabel('Código de 6 dígitos');
    await field.waitFor();
    await screenshot(second.page, 'two-factor-login-390');
    await field.fill('000000');
    await second.page.getByRole('button', { name: 'Verificar' }).click();
    await second.page.getByText('El código no es correcto').waitFor();
    await field.fill(totpCode(secret, enrolledAt + 30_000));
    await second.page.getByRole('button', { name: 'Verificar' }).click();
    await second.page.waitForURL('**/panel');
    await second.page.goto('/panel/cuenta');
    const list = second.page.locator('#seguridad .sec-row');
    await list.first().waitFor();
    // The device that turned it on stays signed in (closing the browser does not log out); this is the other.
    expect(await list.count()).toBe(2);
    await second.page.locator('#seguridad').getByText('(este dispositivo)').waitFor();
    await second.page.setViewportSize(desktop);
    await second.page.locator('#seguridad').scrollIntoViewIfNeeded();
    await screenshot(second.page, 'two-factor-section-1366');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await second.context.close();
  });
});

describe('"no fui yo"', () => {
  it("the security mail's link signs everyone out and voids the password, from a phone", async () => {
    const client = await approvedAccount('cliente', await adminToken(), account('nf'));
    const { token } = await call<{ token: string }>('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: PASSWORD },
    });
    // Someone holding her session and password turns two-step login on: she is mailed at once.
    const { secreto } = await call<{ secreto: string }>('/cuenta/2fa/totp', {
      method: 'POST',
      token,
      body: { pass: PASSWORD },
    });
    await call('/cuenta/2fa/totp/confirmar', {
      method: 'POST',
      token,
      body: { codigo: totpCode(secreto, Date.now()) },
    });
    const [, link] = await mailMatching(
      client.email,
      /(https?:\/\/\S+\/seguridad\/no-fui-yo\/[A-Za-z0-9_-]+)/,
    );
    for (const viewport of [phone, desktop]) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(new URL(link!).pathname);
      await page.getByRole('heading', { name: '¿No fuiste tú?' }).waitFor();
      await screenshot(page, `not-me-${viewport.width}`);
      if (viewport === phone) {
        await page.getByRole('button', { name: 'No fui yo: proteger mi cuenta' }).click();
        await page.getByRole('status').getByText('cerramos todas las sesiones').waitFor();
        await page.getByRole('link', { name: 'Crear una contraseña nueva' }).waitFor();
        await screenshot(page, 'not-me-done-390');
      }
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      await context.close();
    }
    // The attacker's session and the password are gone.
    expect((await callStatus('/cuenta/2fa', { token })).status).toBe(401);
    const again = await callStatus('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: PASSWORD },
    });
    expect(again.status).toBe(401);
  });
});
