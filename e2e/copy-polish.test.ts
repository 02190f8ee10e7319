import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  loginThroughForm,
  type Person,
  E2E_PASSWORD,
  newAccount,
} from './helpers/api.ts';
import { releaseBrowser, workerBrowser, openPage, screenshot, smallPhone } from './helpers/browser.ts';

/** Copy and polish at 360 px (decision 0148): one voice, the 24-hour clock, words a person would say. */

const twelveHour = /[ap]\.\s?m\./;

let browser: Browser;
let escort: Person;
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await approvedAccount('usuario', await adminToken(), newAccount('cp'));
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function confirmPassword(page: Page) {
  const proof = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await proof.waitFor();
  await proof.getByLabel('Contraseña', { exact: true }).fill(E2E_PASSWORD);
  await proof.getByRole('button', { name: 'Confirmar' }).click();
  await proof.waitFor({ state: 'hidden' });
}

describe('copy and polish at 360 px (decision 0148)', () => {
  it('the approval in plain words, the selfie deadline on the 24-hour clock', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
    const approval = page.getByRole('status').filter({ hasText: '¡Tu cuenta fue aprobada!' });
    await approval.waitFor();
    await expect(approval.innerText()).resolves.not.toContain('Estado de autorización');
    await screenshot(page, 'aprobada-360');
    await page.goto('/panel/fotos');
    const section = page.locator('section#verificar-fotos');
    await section.getByRole('button', { name: 'Obtener código' }).click();
    const deadline = await section.getByText('Súbela antes de las').innerText();
    expect(deadline).toMatch(/antes de las \d{2}:\d{2};/);
    expect(deadline).not.toMatch(twelveHour);
    await context.close();
  });

  it('two-step setup on the same phone: a link that opens the app and the secret as text', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
    await page.goto('/panel/cuenta');
    const section = page.locator('#seguridad');
    await section.getByRole('heading', { name: 'Llaves de acceso' }).waitFor();
    await section.getByRole('button', { name: 'Activar con una app de autenticación' }).click();
    await confirmPassword(page);
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    const open = section.getByRole('link', { name: 'Abrir en la app de autenticación' });
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/^otpauth:\/\/totp\//);
    expect(href).toContain(`secret=${secret}`);
    await section.getByRole('button', { name: 'Copiar clave' }).waitFor();
    await open.scrollIntoViewIfNeeded();
    await screenshot(page, 'dos-pasos-mismo-telefono-360');
    await context.close();
  });

  it('the data export comes with a page to read, with Spanish field names', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
    await page.goto('/panel/cuenta');
    const section = page.getByRole('region', { name: 'MIS DATOS' });
    await section.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Descargar como página para leer' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const html = await fs.readFile((await download.path())!, 'utf8');
    const reader = await context.newPage();
    await reader.setContent(html);
    await reader.getByRole('heading', { name: 'Tu cuenta' }).waitFor();
    const text = await reader.locator('body').innerText();
    expect(text).toContain('Fecha de nacimiento');
    expect(text).toContain(escort.email);
    expect(text).not.toContain('fecha_nac');
    expect(text).not.toMatch(twelveHour);
    await screenshot(reader, 'mis-datos-pagina-360');
    await context.close();
  });

  it('sign-up asks for the same 7 characters as a change of password', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await page.goto('/registro/RegistroEscort');
    await page.getByText(msg.registerPasswordHint).waitFor();
    expect(msg.registerPasswordHint).toContain('7 caracteres');
    await page.getByLabel('Contraseña', { exact: true }).fill('rosa 7');
    await page.getByLabel('Repetir contraseña').focus();
    await page.getByText(msg.escortPasswordLength).waitFor();
    expect(msg.escortPasswordLength).toContain('7 caracteres');
    await context.close();
  });
});
