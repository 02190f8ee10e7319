import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  E2E_PASSWORD,
  loginAdmin,
  loginThroughForm,
  newAccount,
  settled,
  type Person,
} from './helpers/api.ts';
import { violations } from './helpers/axe.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

// Safety alerts between providers (decision 0171): an escort files one from her meetings, the
// administration confirms it, another escort sees it on his request, the client answers.

let browser: Browser;
let author: Person;
let holder: Person;
let client: Person;

const tokenOf = async (p: Person) =>
  (
    await call<{ token: string }>(`/${p.kind}/login`, {
      method: 'POST',
      body: { email: p.email, pass: E2E_PASSWORD },
    })
  ).token;
const pair = (escort: Person) => ({ nickname_cliente: client.nickname, nickname_usuario: escort.nickname });
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  author = await approvedAccount('usuario', admin, newAccount('sa'));
  holder = await approvedAccount('usuario', admin, newAccount('sh'));
  client = await approvedAccount('cliente', admin, {
    ...newAccount('sc'),
    genero: 'Masculino',
    nombre: 'Matías Lagos Pérez',
  });
  const [c, a] = await Promise.all([tokenOf(client), tokenOf(author)]);
  const request = (escort: Person) =>
    call('/appointments/solicitar', {
      method: 'POST',
      token: c,
      body: { ...pair(escort), fecha_hora: inTwoDays(), duracion_min: 60, lugar: 'hotel' },
    });
  await request(author);
  await call('/appointments/aceptar', { method: 'POST', token: a, body: pair(author) });
  await request(holder);
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('safety alerts, from the meeting to the client answer', () => {
  it('she files it from her meetings; the admin confirms; another escort sees it; he answers', async () => {
    // The author, on her phone, from "Solicitudes".
    const e = await openPage(browser, phone);
    await loginThroughForm(e.page, author, E2E_PASSWORD);
    await e.page.goto('/panel/solicitudes');
    await settled(e.page);
    const meeting = e.page.getByTestId('meeting-card').filter({ hasText: client.nickname });
    await meeting.getByRole('button', { name: 'Alerta de seguridad' }).click();
    const form = meeting.getByRole('form', { name: 'Alerta de seguridad' });
    await form.getByRole('button', { name: 'Enviar alerta' }).click();
    await form.getByText(msg.alertCategoryRequired).waitFor();
    await form.getByLabel('¿Qué pasó?').selectOption({ label: 'No pagó' });
    await form
      .getByLabel('Lo que pasó (solo lo lee la administración)')
      .fill('Canceló a última hora y me amenazó con no pagar la próxima vez.');
    await screenshot(e.page, 'alerts-file-form-phone');
    await form.getByRole('button', { name: 'Enviar alerta' }).click();
    await e.page.getByText(msg.alertFiled).waitFor();
    await meeting.getByTestId('alert-sent').getByText('en revisión').waitFor();
    expect(await meeting.getByRole('button', { name: 'Alerta de seguridad' }).count()).toBe(0);

    // The administration's queue.
    const adm = await openPage(browser, desktop);
    await loginAdmin(adm.page);
    await adm.page.goto('/pendientes/alertas');
    await settled(adm.page);
    const item = adm.page.getByTestId('admin-alert').filter({ hasText: client.nickname });
    await item.getByText('Canceló a última hora').waitFor();
    await item.getByText(`Enviada por: ${author.nickname}`).waitFor();
    await item.getByRole('button', { name: 'Confirmar' }).click();
    await adm.page.getByText(msg.alertNoteLength).waitFor();
    await item.getByLabel('Nota (queda en la auditoría)').fill('Conversado con ella, coincide.');
    await screenshot(adm.page, 'alerts-admin-queue-desktop');
    await item.getByRole('button', { name: 'Confirmar' }).click();
    await adm.page.getByText(msg.alertConfirmed).waitFor();
    await item.getByText('Confirmada').first().waitFor();
    expect(await violations(adm.page)).toEqual([]);

    // Another escort holding his request sees category and month, never who or what.
    const h = await openPage(browser, phone);
    await loginThroughForm(h.page, holder, E2E_PASSWORD);
    await h.page.goto('/panel/solicitudes');
    await settled(h.page);
    const request = h.page.getByTestId('meeting-card').filter({ hasText: client.nickname });
    const badges = request.getByTestId('alert-badges');
    await badges.getByText('Alerta de seguridad confirmada').waitFor({ timeout: 15_000 });
    await badges.getByText(/No pagó · \w+ de \d{4}/).waitFor();
    expect(await request.innerText()).not.toContain(author.nickname);
    expect(await request.innerText()).not.toContain('Canceló');
    await screenshot(h.page, 'alerts-request-badge-phone');
    expect(await violations(h.page)).toEqual([]);

    // She chooses to refuse such requests from now on.
    await h.page.goto('/panel/cuenta#alertas');
    await settled(h.page);
    await h.page.getByRole('button', { name: 'Rechazarlas automáticamente' }).click();
    await h.page.getByText(msg.alertSettingsSaved).waitFor();
    await h.page.getByTestId('alert-refuse-state').getByText('No recibes solicitudes').waitFor();

    // The client reads it on his account page and answers once.
    const c = await openPage(browser, phone);
    await loginThroughForm(c.page, client, E2E_PASSWORD);
    await c.page.goto('/mi-cuenta/cuenta#alertas');
    await settled(c.page);
    const mine = c.page.getByTestId('my-alert');
    await mine.getByText('No pagó').waitFor();
    await mine.getByText('Vigente').waitFor();
    await mine.getByRole('button', { name: 'Dar mi descargo' }).click();
    await mine.getByRole('button', { name: 'Enviar descargo' }).click();
    await mine.getByText(msg.alertAnswerLength).waitFor();
    await mine.getByRole('textbox').fill('Pagué lo acordado; hubo un malentendido con la hora.');
    await mine.getByRole('button', { name: 'Enviar descargo' }).click();
    await c.page.getByText(msg.alertAnswerDone).waitFor();
    await mine.getByText('Pagué lo acordado; hubo un malentendido con la hora.').waitFor();
    expect(await mine.getByRole('button', { name: 'Dar mi descargo' }).count()).toBe(0);
    await mine.scrollIntoViewIfNeeded();
    await screenshot(c.page, 'alerts-client-answer-phone');
    expect(await violations(c.page)).toEqual([]);

    for (const p of [e, adm, h, c]) await p.page.context().close();
  }, 240_000);
});
