import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  adminToken,
  approvedAccount,
  call,
  E2E_PASSWORD,
  loginAdmin,
  loginThroughForm,
  newAccount,
  openSettled,
  portrait,
  type Person,
} from './helpers/api.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';
import { mailMatching } from './helpers/mail.ts';

/** The photo-theft hold (decision 0177): the held picture, the owner's mail and report, the admin's decision. */
let browser: Browser;
let owner: Person;
let thief: Person;
let photo: Buffer;
const narrow = { width: 320, height: 700 };

async function tokenOf(person: Person) {
  const { token } = await call<{ token: string }>('/usuario/login', {
    method: 'POST',
    body: { email: person.email, pass: E2E_PASSWORD },
  });
  return token;
}

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  [owner, thief] = await Promise.all([
    approvedAccount('usuario', admin, newAccount('fo')),
    approvedAccount('usuario', admin, newAccount('fl')),
  ]);
  // The owner publishes a picture first.
  photo = await portrait('#5b2a86', '#f0c4d8');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'mia.jpg');
  await call(`/upload/subir-imagenes/${owner.nickname}`, {
    method: 'POST',
    form,
    token: await tokenOf(owner),
  });
}, 240_000);
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('photo-theft hold', () => {
  it('another account uploads the same picture: she sees it held and why; it is not public', async () => {
    for (const [viewport, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
      [narrow, '320'],
    ] as const) {
      const { page, errors, context } = await openPage(browser, viewport);
      await loginThroughForm(page, thief, E2E_PASSWORD);
      await openSettled(page, '/panel/fotos');
      if (name === 'phone') {
        await page
          .locator('#gallery-file')
          .setInputFiles({ name: 'copia.jpg', mimeType: 'image/jpeg', buffer: photo });
        await page.getByRole('button', { name: 'Subir', exact: true }).click();
        await page.getByText('Tu foto quedó en revisión').waitFor();
      }
      await page.locator('.gallery-hold-en_revision').first().waitFor({ timeout: 15_000 });
      await page.getByText('Se parece mucho a una foto que otra cuenta publicó antes').waitFor();
      await page.locator('.gallery-hold-note').scrollIntoViewIfNeeded();
      await screenshot(page, `photo-hold-uploader-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    const pub = await call<{ imagenes: unknown[] }>(`/upload/escort-imagenes/${thief.nickname}`);
    expect(pub.imagenes).toEqual([]);
  }, 240_000);

  it('the owner is mailed and reports impersonation with one click', async () => {
    const [, token] = await mailMatching(owner.email, /\/foto-parecida\/([A-Za-z0-9_-]+)/);
    for (const [viewport, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
      [narrow, '320'],
    ] as const) {
      const { page, errors, context } = await openPage(browser, viewport);
      await openSettled(page, `/foto-parecida/${token}`);
      await page.getByRole('heading', { name: 'Una foto muy parecida a una tuya' }).waitFor();
      await screenshot(page, `photo-hold-report-${name}`);
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Denunciar suplantación' }).click();
        await page.getByText('Gracias. Recibimos tu denuncia').waitFor();
      } else {
        await page.getByRole('button', { name: 'Denunciar suplantación' }).click();
        await page.getByText('Ya recibimos tu denuncia por esta foto').waitFor();
      }
      await screenshot(page, `photo-hold-reported-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);

  it('the admin sees the pair among the signals and releases it', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await loginAdmin(page);
    await openSettled(page, '/pendientes/senales');
    const item = page.locator('.photo-hold', { hasText: thief.nickname });
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain('denunciada por la dueña');
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'photo-hold-admin-desktop');
    await item.getByLabel('Nota de la decisión').fill('Revisado: es la misma persona');
    await item.getByRole('button', { name: 'Liberar' }).click();
    await page.getByText('Foto liberada: ya se muestra en el perfil.').waitFor();
    const pub = await call<{ imagenes: unknown[] }>(`/upload/escort-imagenes/${thief.nickname}`);
    expect(pub.imagenes).toHaveLength(1);
    for (const [viewport, name] of [
      [phone, 'phone'],
      [narrow, '320'],
    ] as const) {
      await page.setViewportSize(viewport);
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, `photo-hold-admin-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
