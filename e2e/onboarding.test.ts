import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  loginThroughForm,
  type Person,
  E2E_PASSWORD,
  newAccount,
} from './helpers/api.ts';
import { releaseBrowser, workerBrowser, openPage, screenshot, smallPhone } from './helpers/browser.ts';

/** Onboarding for everyone, on a small phone: the journeys a new person trips on first. */

let browser: Browser;
let escort: Person;
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await approvedAccount('usuario', await adminToken(), newAccount('ob'));
});
afterAll(async () => {
  await releaseBrowser(browser);
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

describe('a migrant escort registers with her passport (decision 0145)', () => {
  it('the escort form keeps the passport letters and signs her up at 360 px', async () => {
    const { page, context } = await openPage(browser, smallPhone);
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
    await page.getByText('Disponible').first().waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-label="Verificando disponibilidad"]'));
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/RegistroExitoso', { timeout: 15_000 });
    await context.close();
  });
});

describe('the selfie code survives a reload (decision 0146)', () => {
  it('shows the same code after the page reloads, as Android does when she opens the camera', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
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

describe('phone photos are resized before upload (decision 0149)', () => {
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
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
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

describe('messages that say what is wrong (decision 0150)', () => {
  it('an empty submit names each field, a taken nickname says why Registrarse is off, offline keeps the form', async () => {
    const { page, context } = await openPage(browser, smallPhone);
    await page.goto('/registro/RegistroEscort');
    await hydrated(page);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByText(msg.fixErrors).waitFor();
    for (const text of [
      msg.idRequired,
      msg.fullNameRequired,
      msg.birthDateRequired,
      msg.passwordRequired,
      msg.cityRequired,
    ])
      await page.getByText(text, { exact: true }).waitFor();
    await expect(page.getByText(msg.completeRequired).count()).resolves.toBe(0);
    await page.getByLabel('RUT o Pasaporte', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'registro-vacio-por-campo-360');

    // A nickname in use: the disabled button says which value to change.
    await page.getByLabel('Nickname', { exact: true }).fill(escort.nickname);
    await page.getByLabel('Nombre completo').focus();
    const reason = msg.registerBlockedTaken('el nickname');
    await page.getByText(reason).waitFor({ timeout: 15_000 });
    const button = page.getByRole('button', { name: 'Registrarse' });
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(button.getAttribute('aria-describedby')).resolves.toBeTruthy();
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'registro-boton-dice-por-que-360');

    // Offline: "Sin conexión", and every typed value is still there.
    const nickname = `off${stamp}`;
    await page.getByLabel('Nickname', { exact: true }).fill('');
    await fillEscortForm(page, { id: `CD${Date.now().toString().slice(-7)}`, nickname });
    await page.getByText(reason).waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-label="Verificando disponibilidad"]'));
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByText(msg.offline).waitFor();
    await expect(page.getByLabel('Nickname', { exact: true }).inputValue()).resolves.toBe(nickname);
    await expect(page.getByLabel('Nombre completo').inputValue()).resolves.toBe('Valeria Migrante Pérez');
    await expect(page.getByLabel('Contraseña', { exact: true }).inputValue()).resolves.toBe('clave-segura-1');
    await screenshot(page, 'registro-sin-conexion-360');
    await context.setOffline(false);
    await context.close();
  });

  it("the escort's inbox shows the client's whole message on request", async () => {
    const client = await approvedAccount('cliente', await adminToken(), {
      ...newAccount('om'),
      genero: 'Masculino',
    });
    const { token } = await call<{ token: string }>('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: E2E_PASSWORD },
    });
    const ending = 'y llego puntual con lo acordado.';
    const mensaje = `Hola, me gustaría conocerte el sábado en la tarde. Soy tranquilo, respetuoso y discreto; ${ending}`;
    const at = new Date(Date.now() + 3 * 24 * 3_600_000 - 3 * 3_600_000);
    await call('/appointments/solicitar', {
      method: 'POST',
      token,
      body: {
        nickname_cliente: client.nickname,
        nickname_usuario: escort.nickname,
        fecha_hora: `${at.toISOString().slice(0, 11)}21:00:00-03:00`,
        duracion_min: 90,
        lugar: 'en_su_lugar',
        mensaje,
      },
    });
    const { page, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, E2E_PASSWORD);
    await page.goto('/panel/solicitudes');
    const toggle = page.getByRole('button', { name: 'Ver mensaje completo' }).first();
    await toggle.waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    const open = page.getByRole('button', { name: 'Ver menos' }).first();
    const line = page.locator(`[id="${await open.getAttribute('aria-controls')}"]`);
    const box = await line.boundingBox();
    // Whole: taller than two lines, and nothing cut at its end.
    expect(box!.height).toBeGreaterThan(60);
    await expect(line.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).resolves.toBe(true);
    await expect(line.innerText()).resolves.toContain(ending);
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, 'bandeja-mensaje-completo-360');
    await context.close();
  });
});
