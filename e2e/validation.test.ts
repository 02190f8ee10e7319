import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { documentPhoto, loginAdmin, openSettled as open, randomRut as rut } from './helpers/api.ts';
import {
  baseUrl,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
  type TrackedPage,
} from './helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const stamp = Date.now().toString(36).slice(-5);
const client = { nickname: `val${stamp}`, email: `val${stamp}@correo.cl`, pass: 'clave123' };
const note = 'El RUT de la foto no se lee';

/** Loading an absent document answers 404 by design; the browser logs that as a console error. */
const unexpected = (t: TrackedPage) => t.errors.filter((e) => !/status of 404/.test(e));

async function loginClient(page: Page) {
  await open(page, '/Login/clienteLogin');
  await page.getByLabel('Email', { exact: true }).fill(client.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(client.pass);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

async function uploadPhoto(page: Page, colour: string) {
  await page
    .getByLabel('Foto de tu documento')
    .setInputFiles({ name: 'cedula.jpg', mimeType: 'image/jpeg', buffer: await documentPhoto(colour) });
  await page.getByRole('button', { name: 'Subir Foto' }).click();
  await page.getByText('Imagen subida exitosamente.').waitFor({ timeout: 15_000 });
}

describe('identity validation journey', () => {
  it('the admin panel refuses visitors and non-admins: they go to /login-admin', async () => {
    const t = await openPage(browser);
    await t.page.goto('/pendientes/clientes');
    await t.page.waitForURL('**/login-admin', { timeout: 10_000 });
    await t.context.close();
  });

  it('client uploads, admin rejects with two reasons and a note, client reads why and uploads again, admin confirms the approval, client sees it once', async () => {
    const res = await fetch(`${baseUrl()}/api/cliente/registro`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rut_cliente: rut(),
        nombre: 'Cliente De Prueba Validación',
        nickname: client.nickname,
        fecha_nac: '1990-04-12',
        email: client.email,
        pass: client.pass,
        fono: '987654321',
        genero: 'Masculino',
        ciudad: 'Providencia',
        acepta_terminos: true,
        acepta_datos_sensibles: true,
      }),
    });
    expect(res.status).toBe(201);

    // Client (phone): pending -> validation status -> upload screen.
    const user = await openPage(browser, phone);
    await loginClient(user.page);
    await user.page.waitForURL('**/PendienteValidacion');
    await user.page.getByRole('heading', { name: 'Tu cuenta aún no ha sido validada' }).waitFor();
    await user.page.getByRole('link', { name: 'Validar mi cuenta' }).click();
    await user.page.waitForURL('**/FotoParaValidarCliente');
    await user.page.getByLabel('Foto de tu documento').waitFor();
    await user.page.getByRole('img', { name: /Ejemplo/ }).waitFor();
    await screenshot(user.page, 'validation-upload-390');
    await uploadPhoto(user.page, '#d9c7b8');
    // Green status, then the profile after about 4 s.
    await expect(
      user.page.locator('.message-success', { hasText: 'Imagen subida exitosamente.' }).count(),
    ).resolves.toBe(1);
    await user.page.waitForURL('**/mi-cuenta/perfil', { timeout: 15_000 });

    // Admin (desktop, second context): log in, open the client, view the document, reject with two reasons.
    const admin = await openPage(browser, desktop);
    await loginAdmin(admin.page);
    await admin.page.getByRole('heading', { name: 'Panel de Pendientes' }).waitFor();
    await admin.page.getByRole('heading', { name: 'Escorts Pendientes' }).waitFor();
    // Each tab is named for what it holds and titles its page.
    await expect.poll(() => admin.page.title()).toMatch(/^Escorts pendientes – Panel de Pendientes – /);
    await admin.page.getByRole('link', { name: 'Clientes', exact: true }).click();
    await admin.page.getByRole('heading', { name: 'Clientes Pendientes' }).waitFor();
    await expect.poll(() => admin.page.title()).toMatch(/^Clientes pendientes – Panel de Pendientes – /);
    // The heading renders at once, the table only when the list has loaded (a skeleton until then):
    // wait for the client's row before counting the table's column headers.
    const row = admin.page.locator(`tr[data-nickname="${client.nickname}"]`);
    await row.waitFor();
    const columns = ['RUT', 'Nombre Completo', 'Nickname', 'Email', 'Nacimiento'];
    for (const col of columns) {
      await expect(admin.page.getByRole('columnheader', { name: col, exact: true }).count()).resolves.toBe(1);
    }
    await screenshot(admin.page, 'validation-panel-1366');
    // On a phone each row is styled as a card with its header row visually hidden; it stays a table
    // with its column headers for screen readers.
    await admin.page.setViewportSize(phone);
    for (const col of columns) {
      await expect(admin.page.getByRole('columnheader', { name: col, exact: true }).count()).resolves.toBe(1);
    }
    await expect(row.getByRole('cell').first().isVisible()).resolves.toBe(true);
    await admin.page.setViewportSize(desktop);
    await row.getByRole('button', { name: 'Ver datos' }).click();
    const viewer = admin.page.getByRole('dialog', { name: `Datos de ${client.nickname}` });
    const docImg = viewer.getByRole('img', { name: `Documento de identidad de ${client.nickname}` });
    await docImg.waitFor();
    const src = await docImg.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    const before = await docImg.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    expect(before).toBeGreaterThan(500);
    await viewer.getByRole('button', { name: 'Acercar' }).click();
    const after = await docImg.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    expect(after).toBeGreaterThan(before * 1.4);
    await screenshot(admin.page, 'validation-viewer-1366');
    await admin.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The document is reachable by no one else: an anonymous request for its URL gets 401.
    const imageUrl = await admin.page.evaluate(async (nick) => {
      // The admin's session cookie goes with a same-origin fetch.
      const r = await fetch(`/api/upload/obtener-imagen-validacion-cliente/${nick}`);
      return ((await r.json()) as { imageUrl: string }).imageUrl;
    }, client.nickname);
    expect((await fetch(`${baseUrl()}${imageUrl}`)).status).toBe(401);

    // Rechazar: at least one preset reason (spec), plus the admin's own words, previewed as the person will read them.
    await row.getByRole('button', { name: 'Rechazar' }).click();
    const rejectDialog = admin.page.getByRole('dialog', { name: `Rechazar a ${client.nickname}` });
    await rejectDialog.getByRole('button', { name: 'Rechazar' }).click();
    await rejectDialog.getByText('Por favor, selecciona un motivo.').waitFor();
    await rejectDialog.getByLabel('Los datos no coinciden con la foto').check();
    await rejectDialog.getByLabel('La foto está mal tomada').check();
    await rejectDialog.getByLabel('Detalle para la persona (opcional)').fill('El RUT de la foto no se lee.');
    const reason = `Los datos no coinciden con la foto, La foto está mal tomada. ${note}`;
    await rejectDialog.locator('.reject-preview').getByText(reason).waitFor();
    await screenshot(admin.page, 'validation-reject-dialog-1366');
    await rejectDialog.getByRole('button', { name: 'Rechazar' }).click();
    await admin.page.getByText(`Rechazo informado a ${client.nickname}.`).waitFor();
    const latest = admin.page.locator('.admin-latest');
    await latest.getByText(reason).first().waitFor();
    await expect(latest.getByText('Documento rechazado').first().isVisible()).resolves.toBe(true);
    await expect(row.getByText('Rechazado', { exact: true }).isVisible()).resolves.toBe(true);

    // Client: the listing shows the rejection (spec wording); closing it leads to the upload screen.
    await user.page.goto('/Escort');
    const notice = user.page.getByRole('alert').filter({ hasText: 'Motivo de rechazo' });
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toContain(
      `Motivo de rechazo: ${reason}. Estado de autorización: pendiente`,
    );
    await screenshot(user.page, 'validation-rejected-notice-390');
    await notice.getByRole('button', { name: 'Entendido' }).click();
    await user.page.waitForURL('**/FotoParaValidarCliente');
    await user.page.getByRole('heading', { name: 'Tu documento fue rechazado' }).waitFor();

    // The status screen says why too, and leads to uploading again.
    await user.page.goto('/PendienteValidacion');
    const panel = user.page.locator('.rejection-panel');
    await panel.getByRole('heading', { name: 'Tu documento fue rechazado' }).waitFor();
    await expect(panel.innerText()).resolves.toContain(`Motivo: ${reason}`);
    await screenshot(user.page, 'validation-pending-rejected-390');
    await panel.getByRole('link', { name: 'Subir un nuevo documento' }).click();
    await user.page.waitForURL('**/FotoParaValidarCliente');

    // The upload screen: the reason instead of "wait for the administrator", and a new photo replaces the rejected one.
    await user.page.locator('.rejection-panel').getByText(reason).waitFor();
    await user.page.getByRole('img', { name: 'Documento de identidad rechazado' }).waitFor();
    await expect(user.page.getByText('Debes esperar que el Administrador verifique').count()).resolves.toBe(
      0,
    );
    await screenshot(user.page, 'validation-upload-rejected-390');
    await user.page
      .getByLabel('Nueva foto de tu documento')
      .setInputFiles({ name: 'cedula.jpg', mimeType: 'image/jpeg', buffer: await documentPhoto('#c9d8e8') });
    await user.page.getByRole('button', { name: 'Subir nueva foto' }).click();
    await user.page.getByText('Imagen subida exitosamente.').waitFor({ timeout: 15_000 });
    await user.page
      .getByText('Debes esperar que el Administrador verifique tus datos con la imagen cargada.')
      .waitFor();
    await expect(user.page.locator('.rejection-panel').count()).resolves.toBe(0);
    // The upload screen moves on to the profile, whose alert reads the notices as it loads. Settled before
    // the admin approves, so the approval is first shown (and spent) by the listing below, not by a profile
    // a loaded machine finished opening after the approval.
    await user.page.waitForURL('**/mi-cuenta/perfil', { timeout: 15_000 });
    await user.page.waitForLoadState('networkidle');

    // Admin authorises after confirming; Cancelar leaves the account as it was.
    await admin.page.reload();
    await row.waitFor();
    await expect(row.getByText('Por revisar', { exact: true }).isVisible()).resolves.toBe(true);
    await row.getByRole('button', { name: 'Autorizar' }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: `¿Autorizar a ${client.nickname}?` });
    await confirm.getByText('1990', { exact: false }).first().waitFor();
    await screenshot(admin.page, 'validation-approve-confirm-1366');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(row.isVisible()).resolves.toBe(true);
    await row.getByRole('button', { name: 'Autorizar' }).click();
    await confirm.getByRole('button', { name: 'Sí, autorizar' }).click();
    await admin.page.getByText('Cliente autorizado', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
    await latest.getByText('Cuenta autorizada').first().waitFor();
    await screenshot(admin.page, 'validation-panel-authorised-1366');

    // Client: the approval notice appears once, as a success message.
    await user.page.goto('/Escort');
    const approval = user.page.getByRole('status').filter({ hasText: '¡Tu cuenta fue aprobada!' });
    await approval.waitFor();
    await expect(approval.innerText()).resolves.not.toContain('Estado de autorización');
    await screenshot(user.page, 'validation-approved-notice-390');
    await user.page.waitForLoadState('networkidle');
    await user.page.reload();
    await user.page.getByRole('heading', { level: 1 }).waitFor();
    await user.page.waitForLoadState('networkidle');
    await expect(user.page.getByText('Motivo de aprobación').count()).resolves.toBe(0);

    // The status screen now says validated and moves on to the client's own area (decision 0092: not /Cards).
    await user.page.goto('/PendienteValidacion');
    await user.page.getByRole('heading', { name: 'Tu cuenta está validada' }).waitFor();
    await user.page.waitForURL('**/mi-cuenta/favoritos', { timeout: 15_000 });

    expect(unexpected(user)).toEqual([]);
    expect(unexpected(admin)).toEqual([]);
    await user.context.close();
    await admin.context.close();
  });

  it('the panel and the upload screen on the other viewport sizes', async () => {
    const admin = await openPage(browser, phone);
    await loginAdmin(admin.page);
    await admin.page.getByRole('heading', { name: 'Escorts Pendientes' }).waitFor();
    await admin.page.waitForLoadState('networkidle');
    await screenshot(admin.page, 'validation-panel-390');
    await admin.page.getByRole('link', { name: 'Auditoría' }).click();
    await admin.page.getByRole('heading', { name: 'Registro de decisiones' }).waitFor();
    await screenshot(admin.page, 'validation-audit-390');
    await admin.context.close();

    // A fresh pending client on desktop, to see the upload screen there.
    const nick = `vd${stamp}`;
    const email = `${nick}@correo.cl`;
    const res = await fetch(`${baseUrl()}/api/cliente/registro`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rut_cliente: rut(),
        nombre: 'Otra Persona De Prueba',
        nickname: nick,
        fecha_nac: '1991-01-01',
        email,
        pass: 'clave123',
        fono: '912345678',
        genero: 'Femenino',
        ciudad: 'Providencia',
        acepta_terminos: true,
        acepta_datos_sensibles: true,
      }),
    });
    expect(res.status).toBe(201);
    const user = await openPage(browser, desktop);
    await open(user.page, '/Login/clienteLogin');
    await user.page.getByLabel('Email', { exact: true }).fill(email);
    await user.page.getByLabel('Contraseña', { exact: true }).fill('clave123');
    await user.page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await user.page.waitForURL('**/PendienteValidacion');
    await user.page.goto('/FotoParaValidarCliente');
    await user.page.getByLabel('Foto de tu documento').waitFor();
    await user.page.waitForLoadState('networkidle');
    await screenshot(user.page, 'validation-upload-1366');
    // A file that is not an image is refused with a red message.
    await user.page.getByLabel('Foto de tu documento').setInputFiles({
      name: 'falso.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('no soy una imagen '.repeat(50)),
    });
    await user.page.getByRole('button', { name: 'Subir Foto' }).click();
    const error = user.page.locator('.message-error', { hasText: 'Error al subir la imagen.' });
    await error.waitFor();
    await expect(error.innerText()).resolves.toContain('Tipo de archivo no permitido.');
    await user.context.close();
  });
});
