import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  callStatus,
  documentPhoto,
  loginAdmin,
  openSettled,
  randomRut,
} from './helpers/api.ts';
import { releaseBrowser, workerBrowser, openPage, screenshot, smallPhone } from './helpers/browser.ts';
import { mailMatching } from './helpers/mail.ts';

/** The administrator at 360 px: a suspension with a reason, mailed and undone; the queue and its approval. */

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const stamp = Date.now().toString(36).slice(-5);

/** A pending escort, registered through the API; with `document`, her identity document uploaded too. */
async function pendingEscort(prefix: string, document: boolean): Promise<string> {
  const nickname = `${prefix}${stamp}`;
  const email = `${nickname}@e2e.cl`;
  await call('/usuario/registro', {
    method: 'POST',
    body: {
      rut_usuario: randomRut(),
      nombre: 'Escort Pendiente Prueba',
      nickname,
      fecha_nac: '1993-05-04',
      email,
      pass: 'clave123',
      fono: '912345678',
      genero: 'Femenino',
      ciudad: 'Santiago',
      acepta_terminos: true,
      acepta_datos_sensibles: true,
    },
  });
  if (document) {
    const login = await call<{ token: string }>('/usuario/login', {
      method: 'POST',
      body: { email, pass: 'clave123' },
    });
    const form = new FormData();
    form.append('nickname', nickname);
    form.append(
      'file',
      new Blob([new Uint8Array(await documentPhoto('#c8b8a8'))], { type: 'image/jpeg' }),
      'd.jpg',
    );
    await call(`/upload/subir-validacion-escort/${nickname}`, { method: 'POST', form, token: login.token });
  }
  return nickname;
}

describe('Suspender perfil asks why, mails her and can be undone (decision 0147)', () => {
  it('at 360 px: the reason is required, the escort is mailed, Deshacer in the log brings the card back', async () => {
    const escort = await approvedAccount('usuario', token, {
      prefix: 'su',
      nombre: 'Escort Suspendida Prueba',
      fecha_nac: '1994-02-11',
      fono: '912345678',
      genero: 'Femenino',
      pass: 'clave123',
      document: () => documentPhoto('#d9c7b8'),
    });
    await call('/denuncias', {
      method: 'POST',
      body: { nickname_usuario: escort.nickname, motivo: 'suplantacion', detalle: 'Fotos de otra' },
    });
    const { page, context } = await openPage(browser, smallPhone);
    await loginAdmin(page);
    await openSettled(page, '/pendientes/denuncias');
    const card = page.locator(`li[data-nickname="${escort.nickname}"]`);
    await card.getByRole('button', { name: 'Suspender perfil' }).click();
    // One click no longer acts: it asks for the reason first.
    const form = card.getByRole('form', { name: `Suspender el perfil de ${escort.nickname}` });
    await form.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await form.getByText(msg.suspensionReasonRequired).waitFor();
    expect((await callStatus(`/usuario/publico/${escort.nickname}`)).status).toBe(200);
    await form.getByLabel('Motivo de la suspensión').fill('Las fotos de la galería son de otra persona.');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-suspender-motivo-360');
    await form.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await page.getByText(`${msg.profileSuspended} (${escort.nickname})`).waitFor();
    expect((await callStatus(`/usuario/publico/${escort.nickname}`)).status).toBe(404);
    await mailMatching(escort.email, /Motivo: Las fotos de la galería son de otra persona\./);

    await openSettled(page, '/pendientes/auditoria');
    await page.getByRole('button', { name: `Deshacer la suspensión de ${escort.nickname}` }).click();
    await page.getByText(`${msg.suspensionUndone} (${escort.nickname})`).waitFor();
    await screenshot(page, 'admin-auditoria-deshacer-360');
    expect((await callStatus(`/usuario/publico/${escort.nickname}`)).status).toBe(200);
    await page
      .getByRole('button', { name: `Deshacer la suspensión de ${escort.nickname}` })
      .waitFor({ state: 'detached' });
    await context.close();
  });

  it('at 360 px: rows with a document come first, and the approval shows the document it confirms', async () => {
    const waiting = await pendingEscort('sd', false);
    const ready = await pendingEscort('cd', true);
    const { page, context } = await openPage(browser, smallPhone);
    await loginAdmin(page);
    await openSettled(page, '/pendientes/usuarios');
    const order = await page
      .locator('tr[data-nickname]')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.nickname));
    expect(order.indexOf(ready)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(ready)).toBeLessThan(order.indexOf(waiting));

    await page.getByRole('button', { name: `Autorizar a ${ready}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `¿Autorizar a ${ready}?` });
    const documentImage = confirm.getByRole('img', { name: `Documento de identidad de ${ready}` });
    await documentImage.waitFor();
    // The document is in sight inside the confirmation, not under it.
    const box = await documentImage.boundingBox();
    expect(box && box.width > 100 && box.height > 50).toBe(true);
    await screenshot(page, 'admin-autorizar-documento-360');
    await page.keyboard.press('Escape');
    await context.close();
  });
});
