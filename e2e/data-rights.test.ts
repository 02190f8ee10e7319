import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken as loginAdminToken,
  callStatus as call,
  loginAdmin,
  openSettled as open,
  plainJpeg,
  randomRut as rut,
} from './helpers/api.ts';
import {
  baseUrl,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';

let browser: Browser;
let adminToken: string;
let reportedToken: string;
const stamp = Date.now().toString(36).slice(-5);
const pass = 'clave123';
const leaving = { nickname: `dre${stamp}`, email: `dre${stamp}@correo.cl`, rut: rut() };
const reported = { nickname: `drr${stamp}`, email: `drr${stamp}@correo.cl`, rut: rut() };
const pushy = { nickname: `drc${stamp}`, email: `drc${stamp}@correo.cl`, rut: rut() };
const witness = { nickname: `drw${stamp}`, email: `drw${stamp}@correo.cl`, rut: rut() };

/** A real account: registered, document uploaded and authorised through the API, as an admin would. */
async function approvedAccount(
  who: { nickname: string; email: string; rut: string },
  kind: 'usuario' | 'cliente' = 'usuario',
) {
  const reg = await call(`/${kind}/registro`, {
    method: 'POST',
    body: {
      [kind === 'usuario' ? 'rut_usuario' : 'rut_cliente']: who.rut,
      nombre: 'Escort De Prueba Derechos',
      nickname: who.nickname,
      fecha_nac: '1994-06-15',
      email: who.email,
      pass,
      fono: '912345678',
      genero: 'Femenino',
      ciudad: 'Valparaíso',
      acepta_terminos: true,
      acepta_datos_sensibles: true,
    },
  });
  expect(reg.status).toBe(201);
  // Her identity document goes through the real upload, so deletion has a real file to remove.
  const login = await call(`/${kind}/login`, { method: 'POST', body: { email: who.email, pass } });
  const form = new FormData();
  const photo = await plainJpeg({ width: 800, height: 500, background: '#cbb8a9' });
  form.append('nickname', who.nickname);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cedula.jpg');
  const upload = await fetch(
    `${baseUrl()}/api/upload/subir-validacion-${kind === 'usuario' ? 'escort' : 'cliente'}/${who.nickname}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${login.json!.token as string}` },
      body: form,
    },
  );
  expect(upload.status).toBe(201);
  const ok = await call(`/${kind}/autorizar/${encodeURIComponent(who.rut)}`, {
    method: 'PUT',
    token: adminToken,
  });
  expect(ok.status).toBe(200);
  return (await call(`/${kind}/login`, { method: 'POST', body: { email: who.email, pass } })).json!
    .token as string;
}

/** The client asks for a meeting and the escort accepts it: he is then a witness whose report can hold her profile. */
async function acceptedMeeting(clientToken: string, client: string, escortToken: string, escort: string) {
  const pair = { nickname_usuario: escort, nickname_cliente: client };
  const asked = await call('/appointments/solicitar', {
    method: 'POST',
    token: clientToken,
    body: {
      ...pair,
      fecha_hora: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      duracion_min: 90,
      lugar: 'en_su_lugar',
      mensaje: 'Hola, me gustaría conocerte.',
    },
  });
  expect(asked.status).toBe(201);
  expect(
    (await call('/appointments/aceptar', { method: 'POST', token: escortToken, body: pair })).status,
  ).toBe(200);
}

async function loginEscort(page: Page, email: string) {
  await open(page, '/Login/EscortLogin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL('**/panel', { timeout: 15_000 });
}

beforeAll(async () => {
  browser = await workerBrowser();
  adminToken = await loginAdminToken();
  await approvedAccount(leaving);
  reportedToken = await approvedAccount(reported);
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('data rights in the browser', () => {
  it('the privacy text says what is stored, why, for how long and how to use each right', async () => {
    const t = await openPage(browser, phone);
    await open(t.page, '/Informacion#seccion-1');
    const section = t.page.locator('#seccion-1');
    for (const heading of [
      'Qué guardamos',
      'Para qué',
      'Por cuánto tiempo',
      'Tus derechos y cómo usarlos',
      'Seguridad y denuncias',
    ]) {
      await expect(section.getByRole('heading', { name: heading }).count()).resolves.toBe(1);
    }
    await section.getByText('30 días después de aprobada tu cuenta').waitFor();
    await section.getByRole('heading', { name: 'Tus derechos y cómo usarlos' }).scrollIntoViewIfNeeded();
    await screenshot(t.page, 'data-rights-privacy-390');
    expect(t.errors).toEqual([]);
    await t.context.close();
  });

  it('Mis datos downloads the export as a JSON file', async () => {
    const t = await openPage(browser, phone);
    await loginEscort(t.page, leaving.email);
    await t.page.goto('/panel/cuenta');
    const section = t.page.getByRole('region', { name: 'MIS DATOS' });
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('pause-state').waitFor();
    await screenshot(t.page, 'data-rights-mis-datos-390');
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      section.getByRole('button', { name: 'Descargar mis datos' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^mis-datos-${leaving.nickname}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(data.cuenta).toMatchObject({
      nickname: leaving.nickname,
      email: leaving.email,
      tipo_perfil: 'usuario',
    });
    expect(data.perfil_escort).toMatchObject({ publicado: true });
    await section.getByText(/Listo: revisa tus descargas/).waitFor();
    expect(t.errors).toEqual([]);
    await t.context.close();

    const wide = await openPage(browser, desktop);
    await loginEscort(wide.page, leaving.email);
    await wide.page.goto('/panel/cuenta');
    const mine = wide.page.getByRole('region', { name: 'MIS DATOS' });
    await mine.scrollIntoViewIfNeeded();
    await mine.getByTestId('pause-state').waitFor();
    await screenshot(wide.page, 'data-rights-mis-datos-1366');
    await wide.context.close();
  });

  it('an anonymous possible-minor report is urgent for the admin; a witness’s hides the profile and tells her why', async () => {
    const visitor = await openPage(browser, phone);
    await open(visitor.page, `/Card/${reported.nickname}`);
    await visitor.page.getByRole('button', { name: 'Denunciar perfil' }).click();
    const dialog = visitor.page.getByRole('dialog', { name: 'Denunciar perfil' });
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByText('Elige un motivo para la denuncia.').waitFor();
    await dialog.getByLabel('Posible menor de edad').check();
    await dialog.getByLabel('Cuéntanos más (opcional)').fill('Las fotos parecen de una adolescente.');
    await screenshot(visitor.page, 'data-rights-report-390');
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByText('Gracias por avisarnos. Revisaremos la denuncia a la brevedad.').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    // One anonymous report does not hide her: it goes to the top of the admin queue, marked urgent.
    const stillThere = await visitor.page.goto(`/Card/${reported.nickname}`);
    expect(stillThere?.status()).toBe(200);
    await visitor.context.close();

    const admin = await openPage(browser, desktop);
    await loginAdmin(admin.page);
    await admin.page.getByRole('link', { name: 'Denuncias' }).click();
    const card = admin.page.locator(`li[data-nickname="${reported.nickname}"]`);
    await card.waitFor();
    await expect(admin.page.locator('li[data-nickname]').first().getAttribute('data-nickname')).resolves.toBe(
      reported.nickname,
    );
    await expect(card.getByText('Urgente', { exact: true }).count()).resolves.toBe(1);
    await expect(card.getByText('Posible menor de edad').count()).resolves.toBe(1);
    await expect(card.getByText('Las fotos parecen de una adolescente.').count()).resolves.toBe(1);
    await card.getByText(/El perfil sigue visible/).waitFor();
    await expect(card.getByText('Oculto').count()).resolves.toBe(0);
    await screenshot(admin.page, 'data-rights-admin-reports-1366');

    // A verified client she accepted a meeting with reports the same: the profile is hidden everywhere at once.
    const clientToken = await approvedAccount(witness, 'cliente');
    await acceptedMeeting(clientToken, witness.nickname, reportedToken, reported.nickname);
    const trusted = await call('/denuncias', {
      method: 'POST',
      token: clientToken,
      body: { nickname_usuario: reported.nickname, motivo: 'menor' },
    });
    expect(trusted.status).toBe(201);
    expect((await fetch(`${baseUrl()}/api/usuario/publico/${reported.nickname}`)).status).toBe(404);
    const listing = await (await fetch(`${baseUrl()}/api/usuario/ciudad/Valparaiso`)).text();
    expect(listing).not.toContain(reported.nickname);

    // She sees why at the top of her profile, and that an admin will review it.
    const held = await openPage(browser, phone);
    await loginEscort(held.page, reported.email);
    const notice = held.page.getByRole('status').filter({ hasText: 'Tu perfil está oculto' });
    await notice.getByText(/podrías ser menor de edad/).waitFor();
    await notice.getByText(/Una persona de la administración revisará la denuncia/).waitFor();
    await screenshot(held.page, 'data-rights-held-profile-390');
    expect(held.errors).toEqual([]);
    await held.context.close();

    // Each open report is decided; the hold lifts with the last one.
    await admin.page.reload();
    const openReports = admin.page.locator(`li[data-nickname="${reported.nickname}"]`);
    await expect.poll(() => openReports.count(), { timeout: 15_000 }).toBe(2);
    await expect(openReports.getByText('Oculto').count()).resolves.toBe(2);
    for (const left of [1, 0]) {
      await openReports.first().getByRole('button', { name: 'Descartar' }).click();
      await expect.poll(() => openReports.count(), { timeout: 15_000 }).toBe(left);
      // Either report holds the profile: it stays hidden until the last one is decided.
      if (left === 1) await expect(openReports.getByText('Oculto').count()).resolves.toBe(1);
    }
    await admin.page.getByText(`Denuncia descartada. (${reported.nickname})`).waitFor();
    expect((await fetch(`${baseUrl()}/api/usuario/publico/${reported.nickname}`)).status).toBe(200);

    // Another report: Suspender hides her until Reincorporar.
    expect(
      (
        await call('/denuncias', {
          method: 'POST',
          body: { nickname_usuario: reported.nickname, motivo: 'suplantacion' },
        })
      ).status,
    ).toBe(201);
    await admin.page.getByRole('button', { name: 'Todas' }).click();
    await admin.page.getByRole('button', { name: 'Abiertas' }).click();
    const second = admin.page.locator(`li[data-nickname="${reported.nickname}"]`);
    await second.getByText('Suplantación o fotos falsas').waitFor();
    await second.getByRole('button', { name: 'Suspender perfil' }).click();
    // The suspension asks for its reason first (decision 0147).
    await second.getByLabel('Motivo de la suspensión').fill('Las fotos son de otra persona.');
    await second.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await admin.page
      .getByText(`Perfil suspendido: no se mostrará hasta que lo reincorpores. (${reported.nickname})`)
      .waitFor();
    expect((await fetch(`${baseUrl()}/api/usuario/publico/${reported.nickname}`)).status).toBe(404);
    await admin.page.getByRole('button', { name: 'Todas' }).click();
    const suspended = admin.page.locator(`li[data-nickname="${reported.nickname}"]`, {
      hasText: 'Suspendida',
    });
    await suspended.getByRole('button', { name: 'Reincorporar' }).click();
    await admin.page.getByText(`Perfil reincorporado. (${reported.nickname})`).waitFor();
    expect((await fetch(`${baseUrl()}/api/usuario/publico/${reported.nickname}`)).status).toBe(200);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const adminPhone = await openPage(browser, phone);
    await loginAdmin(adminPhone.page);
    await open(adminPhone.page, '/pendientes/denuncias');
    await adminPhone.page.getByRole('heading', { name: 'Denuncias' }).waitFor();
    await adminPhone.page.getByRole('button', { name: 'Todas' }).click();
    await adminPhone.page.locator(`li[data-nickname="${reported.nickname}"]`).first().waitFor();
    await screenshot(adminPhone.page, 'data-rights-admin-reports-390');
    await adminPhone.context.close();
  });

  it('an escort blocks a client from her request list; he can no longer ask for a meeting', async () => {
    const clientToken = await approvedAccount(pushy, 'cliente');
    // Decision 0065: a request carries a time (ISO with offset, at least an hour ahead), a duration and a place.
    const pair = {
      nickname_usuario: leaving.nickname,
      nickname_cliente: pushy.nickname,
      fecha_hora: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      duracion_min: 60,
      lugar: 'hotel',
    };
    expect(
      (await call('/appointments/solicitar', { method: 'POST', body: pair, token: clientToken })).status,
    ).toBe(201);

    const t = await openPage(browser, phone);
    await loginEscort(t.page, leaving.email);
    const requests = t.page.getByTestId('pending-requests');
    const row = requests.locator('li', { hasText: pushy.nickname });
    await row.getByRole('button', { name: 'Bloquear' }).click();
    await row.getByText(/No podrá pedirte citas, comentarte ni calificarte/).waitFor();
    await screenshot(t.page, 'data-rights-block-390');
    await row.getByRole('button', { name: 'Sí, bloquear' }).click();
    await t.page
      .getByText('Cliente bloqueado. Ya no podrá pedirte citas, comentarte ni calificarte.')
      .waitFor();
    await t.page.getByText('No hay solicitudes pendientes.').waitFor();
    const again = await call('/appointments/solicitar', { method: 'POST', body: pair, token: clientToken });
    expect(again.status).toBe(403);
    expect(again.json!.mensaje).not.toMatch(/bloque/i);

    // Mis datos (in Cuenta) lists the block, and Desbloquear undoes it.
    await t.page.goto('/panel/cuenta');
    await t.page.waitForLoadState('networkidle');
    const blocked = t.page.getByTestId('blocked-list');
    await blocked.getByText(pushy.nickname).waitFor();
    await blocked.scrollIntoViewIfNeeded();
    await screenshot(t.page, 'data-rights-mis-datos-bottom-390');
    await blocked.getByRole('button', { name: 'Desbloquear' }).click();
    await t.page.getByText('Cliente desbloqueado.').waitFor();
    expect(t.errors).toEqual([]);
    await t.context.close();
  });

  it('deleting the account states what goes, logs the person out and the card 404s', async () => {
    const wide = await openPage(browser, desktop);
    await loginEscort(wide.page, leaving.email);
    await open(wide.page, '/EliminarCuenta');
    await wide.page.getByTestId('will-delete').waitFor();
    await screenshot(wide.page, 'data-rights-delete-1366');
    await wide.context.close();

    const t = await openPage(browser, phone);
    await loginEscort(t.page, leaving.email);
    await t.page.goto('/panel/cuenta');
    const section = t.page.getByRole('region', { name: 'MIS DATOS' });
    await section.getByRole('link', { name: 'Eliminar mi cuenta' }).click();
    await t.page.waitForURL('**/EliminarCuenta');
    const goes = t.page.getByTestId('will-delete');
    await goes.getByText(/Tu foto de perfil y toda tu galería/).waitFor();
    await screenshot(t.page, 'data-rights-delete-390');

    await t.page.getByLabel('Tu contraseña').fill('otraclave1');
    await t.page.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
    await t.page.getByText('Confirma que entiendes que esto no se puede deshacer.').waitFor();
    await t.page.getByLabel('Entiendo que esto no se puede deshacer.').check();
    await t.page.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
    await t.page.getByText('La contraseña no es correcta.').waitFor();

    await t.page.getByLabel('Tu contraseña').fill(pass);
    await t.page.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
    await t.page.getByRole('heading', { name: 'Tu cuenta fue eliminada' }).waitFor();
    await screenshot(t.page, 'data-rights-deleted-390');
    // Logged out: nothing left in storage and the nav offers Ingresar again.
    expect(await t.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(t.page.getByRole('link', { name: 'Ingresar' }).isVisible()).resolves.toBe(true);
    const card = await t.page.goto(`/Card/${leaving.nickname}`);
    expect(card?.status()).toBe(404);
    // Nickname, e-mail and RUT are free again.
    const free = await call(
      `/usuario/validar?rut_usuario=${encodeURIComponent(leaving.rut)}&email=${encodeURIComponent(leaving.email)}&nickname=${leaving.nickname}`,
    );
    expect(free.json).toMatchObject({ existe: false });
    expect(t.errors.filter((e) => !/status of (401|404)/.test(e))).toEqual([]);
    await t.context.close();
  });
});
