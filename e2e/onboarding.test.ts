import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { limits } from '@encanto/core/constants';
import {
  adminToken,
  approvedAccount,
  loginThroughForm,
  portrait,
  type NewAccount,
  type Person,
} from './helpers/api.ts';
import { launchBrowser, openPage, screenshot } from './helpers/browser.ts';

/** Onboarding for everyone, on a small phone: the journeys a new person trips on first. */

const small = { width: 360, height: 780 };

const PASSWORD = 'encanto123';
const account = (prefix: string): NewAccount => ({
  prefix,
  nombre: 'Camila Soto Rojas',
  fecha_nac: '1995-03-10',
  fono: '934567812',
  genero: 'Femenino',
  pass: PASSWORD,
  document: () => portrait('#445566', '#aabbcc'),
});

let browser: Browser;
let escort: Person;
beforeAll(async () => {
  browser = await launchBrowser();
  escort = await approvedAccount('usuario', await adminToken(), account('ob'));
});
afterAll(async () => {
  await browser.close();
});

const stamp = Date.now().toString(36).slice(-5);

/** Forms keep their submit button disabled until the app has hydrated. */
async function hydrated(page: Page) {
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
}

async function fillEscortForm(page: Page, data: { id: string; nickname: string }) {
  await page.getByLabel('RUT o Pasaporte', { exact: true }).pressSequentially(data.id);
  await page.getByLabel('Nombre completo').fill('Valeria Migrante Pérez');
  await page.getByLabel('Nickname', { exact: true }).fill(data.nickname);
  await page.getByLabel('Fecha de nacimiento').fill('1994-07-02');
  await page.getByLabel('Email', { exact: true }).fill(`${data.nickname}@correo.cl`);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  await page.getByLabel('Repetir contraseña').fill('clave-segura-1');
  await page.getByLabel('Teléfono').fill('987654321');
  await page.getByLabel('Femenino').check();
  await page.getByLabel('Zona').selectOption('central');
  await page.getByLabel('Región').selectOption('Metropolitana de Santiago');
  await page.getByLabel('Ciudad', { exact: true }).selectOption('Providencia');
  await page.getByRole('checkbox', { name: /^Acepto los términos de servicio/ }).check();
  await page.getByRole('checkbox', { name: /^Doy mi consentimiento expreso/ }).check();
}

describe('a migrant escort registers with her passport (decision 0170)', () => {
  it('the escort form keeps the passport letters and signs her up at 360 px', async () => {
    const { page, context } = await openPage(browser, small);
    await page.goto('/registro/RegistroEscort');
    await hydrated(page);
    const id = page.getByLabel('RUT o Pasaporte', { exact: true });
    const nickname = `pas${stamp}`;
    // Typed in lower case with a space, as a phone keyboard would: kept as a passport, not cut to digits.
    await fillEscortForm(page, { id: `ab ${stamp.length}${Date.now().toString().slice(-6)}`, nickname });
    expect(await id.inputValue()).toMatch(/^AB\d{7}$/);
    await id.focus();
    await screenshot(page, 'registro-escort-pasaporte-360');
    await page.getByLabel('Nombre completo').focus();
    await expect(page.getByText('Formato de RUT no válido.').count()).resolves.toBe(0);
    await page.getByText('Disponible').first().waitFor({ timeout: 8000 });
    await page.waitForFunction(() => !document.querySelector('[aria-label="Verificando disponibilidad"]'));
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/RegistroExitoso', { timeout: 15_000 });
    await context.close();
  });
});

describe('the selfie code survives a reload (decision 0171)', () => {
  it('shows the same code after the page reloads, as Android does when she opens the camera', async () => {
    const { page, context } = await openPage(browser, small);
    await loginThroughForm(page, escort, PASSWORD);
    await page.goto('/panel/fotos');
    const section = page.locator('section#verificar-fotos');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Obtener código' }).click();
    const code = (await section.locator('.safety-code').innerText()).trim();
    expect(code).toMatch(/^ENCANTO-[A-Z2-9]{4}$/);
    await page.reload();
    // No click: the code she wrote down is on the screen again, with its steps and file picker.
    await section.locator('.safety-code').waitFor();
    expect((await section.locator('.safety-code').innerText()).trim()).toBe(code);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'selfie-codigo-recarga-360');
    await context.close();
  });
});

describe('phone photos are resized before upload (decision 0174)', () => {
  it('a 12-megapixel photo over 2 MB goes into the gallery, sent at 2,048 px and under the limit', async () => {
    // A phone camera's photo: 4,000 x 3,000, grainy, high quality: several MB.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(limits.galleryMaxBytes);
    const { page, context } = await openPage(browser, small);
    await loginThroughForm(page, escort, PASSWORD);
    await page.goto('/panel/fotos');
    const sent: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/upload/subir-imagenes/'))
        sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await page
      .locator('#gallery-file')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('IMG_2041.webp', { exact: true }).waitFor();
    await expect(page.getByText('supera el límite de 2 MB', { exact: false }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Subir', exact: true }).click();
    await page.locator('.gallery-tile').first().waitFor({ timeout: 20_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(limits.galleryMaxBytes);
    await screenshot(page, 'galeria-foto-de-telefono-360');
    await context.close();
  });
});
