import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminAlert, MyAlert } from '@encanto/core/alerts';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { auditLog, safetyAlerts } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { purgeAlerts } from '../../src/modules/alerts/service.ts';
import { call } from './marketplace-helpers.ts';
import {
  chileTime,
  DAY,
  meetingPair,
  myMeeting,
  outboxFor,
  requestBody,
  testClock,
} from './meetings-helpers.ts';

// Safety alerts between providers (decisions 0171, 0172), on the injected clock.
const clock = testClock(new Date('2026-03-10T15:00:00Z'));
let t: TestApp;
let admin: FixtureAccount;
let author: FixtureAccount;
let client: FixtureAccount;
let meetingId: string;

const escort = () => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
const newClient = () => createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
const after = (ms: number) => new Date(clock.now().getTime() + ms);
/** A new escort and client with an accepted meeting a day from the clock's now. */
const pairMeetingTomorrow = () => meetingPair(t.app, after(DAY));
/** The client asks the escort for a meeting `ahead` from now. */
const ask = (c: FixtureAccount, e: FixtureAccount, ahead = DAY) =>
  call(t.app, 'POST', '/appointments/solicitar', c, requestBody(c, e, chileTime(clock.now(), ahead)));
const file = (who: FixtureAccount | null, body: object) => call(t.app, 'POST', '/alertas', who, body);
const alertBody = (cita_id: string, categoria = 'no_pago') => ({
  cita_id,
  categoria,
  descripcion: 'Se fue sin pagar lo acordado y se puso agresivo al pedírselo.',
});
/** A new session at the clock's time: a jump of months outlives the fixture's (30 days from last use). */
const relog = async (a: FixtureAccount): Promise<FixtureAccount> => ({
  ...a,
  token: await createSession(t.app.db, a.id, clock.now(), { secondFactor: true }),
});
async function adminList(): Promise<AdminAlert[]> {
  const res = await call(t.app, 'GET', '/admin/alertas', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminAlert[];
}
const decide = (id: string, decision: string, nota = 'Revisado con la escort') =>
  call(t.app, 'POST', `/admin/alertas/${id}/${decision}`, admin, { nota });

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  admin = await createAccount(t.app, { kind: 'admin' });
  ({ e: author, c: client, id: meetingId } = await meetingPair(t.app, after(2 * DAY)));
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/alertas', () => {
  it('401 without a session, 403 for a client or an admin', async () => {
    expect((await file(null, alertBody(meetingId))).statusCode).toBe(401);
    expect((await file(client, alertBody(meetingId))).statusCode).toBe(403);
    expect((await file(admin, alertBody(meetingId))).statusCode).toBe(403);
  });

  it('400 with a Spanish message for a short text or an unknown category', async () => {
    const short = await file(author, { ...alertBody(meetingId), descripcion: 'Muy corto' });
    expect(short.statusCode).toBe(400);
    expect(short.json().mensaje).toBe(msg.alertDescriptionLength);
    const long = await file(author, { ...alertBody(meetingId), descripcion: 'x'.repeat(1001) });
    expect(long.json().mensaje).toBe(msg.alertDescriptionLength);
    const bad = await file(author, { ...alertBody(meetingId), categoria: 'feo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe(msg.alertCategoryRequired);
  });

  it("404 on another escort's meeting or a request she never accepted", async () => {
    const other = await escort();
    expect((await file(other, alertBody(meetingId))).statusCode).toBe(404);
    const c = await newClient();
    const req = await ask(c, author);
    const res = await file(author, alertBody(req.json().cita as string));
    expect(res.statusCode).toBe(404);
    expect(res.json().mensaje).toBe(msg.alertMeetingInvalid);
  });

  it('files one alert per meeting, before the meeting; the admins get no mail for no_pago', async () => {
    const before = (await outboxFor(t.app, admin.email)).length;
    const res = await file(author, alertBody(meetingId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mensaje).toBe(msg.alertFiled);
    expect((await myMeeting(t.app, author, meetingId)).mi_alerta).toEqual({
      categoria: 'no_pago',
      estado: 'pendiente',
    });
    expect((await myMeeting(t.app, author, meetingId)).puede_alertar).toBe(false);
    const again = await file(author, alertBody(meetingId, 'robo'));
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.alertAlreadyFiled);
    expect((await outboxFor(t.app, admin.email)).length).toBe(before);
  });

  it('mails the admins at once for violence, and closes 30 days after the meeting', async () => {
    const { e, id } = await pairMeetingTomorrow();
    expect((await myMeeting(t.app, e, id)).puede_alertar).toBe(true);
    const start = clock.now();
    // The meeting is a day ahead: filing closes 30 days after it.
    clock.set(new Date(start.getTime() + 32 * DAY));
    const e2 = await relog(e);
    const late = await file(e2, alertBody(id, 'violencia'));
    expect(late.statusCode).toBe(409);
    expect(late.json().mensaje).toBe(msg.alertWindowClosed);
    expect((await myMeeting(t.app, e2, id)).puede_alertar).toBe(false);
    clock.set(new Date(start.getTime() + 30 * DAY));
    expect((await file(e2, alertBody(id, 'violencia'))).statusCode).toBe(201);
    clock.set(start);
    const mails = await outboxFor(t.app, admin.email);
    expect(mails.at(-1)!.subject).toContain('Alerta de seguridad urgente');
    expect(mails.at(-1)!.text).toContain('Categoría: Violencia');
  });
});

describe('review, badges and the neutral refusal', () => {
  let alertId: string;
  let holder: FixtureAccount;

  it('is invisible to other escorts while pending; the admin queue lists it first with its author', async () => {
    holder = await escort();
    const req = await ask(client, holder, 3 * DAY);
    expect(req.statusCode, req.body).toBe(201);
    expect((await myMeeting(t.app, holder, req.json().cita as string)).alertas).toEqual([]);
    expect((await call(t.app, 'GET', '/admin/alertas', author)).statusCode).toBe(403);
    const list = await adminList();
    const mine = list.find((a) => a.autora === author.nickname && a.categoria === 'no_pago')!;
    expect(list[0]!.estado).toBe('pendiente');
    expect(mine).toMatchObject({ cliente: client.nickname, estado: 'pendiente' });
    alertId = mine.id;
  });

  it('400 without a note; confirming audits it, mails the client, and is 409 the second time', async () => {
    expect((await decide(alertId, 'confirmar', '')).json().mensaje).toBe(msg.alertNoteLength);
    const res = await decide(alertId, 'confirmar');
    expect(res.statusCode, res.body).toBe(200);
    expect((await decide(alertId, 'descartar')).statusCode).toBe(409);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'alerta_confirmada'));
    expect(audit.at(-1)).toMatchObject({
      accountNickname: client.nickname,
      reasons: 'No pagó: Revisado con la escort',
    });
    const mail = (await outboxFor(t.app, client.email)).at(-1)!;
    expect(mail.subject).toContain('alerta de seguridad');
    expect(mail.text).toContain('No pagó (marzo de 2026)');
    expect(mail.text).not.toContain(author.nickname);
    expect(mail.text).not.toContain('agresivo');
  });

  it('shows category and month to an escort holding his request, on the request and his card, never to him', async () => {
    const citas = (await call(t.app, 'GET', '/citas/mias', holder)).json().citas;
    const m = citas.find(
      (c: { otra_parte: { nickname: string } }) => c.otra_parte.nickname === client.nickname,
    );
    expect(m.alertas).toEqual([{ categoria: 'no_pago', fecha: '2026-03' }]);
    expect(JSON.stringify(m)).not.toContain(author.nickname);
    const card = await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, holder);
    expect(card.json().alertas).toEqual([{ categoria: 'no_pago', fecha: '2026-03' }]);
    expect((await myMeeting(t.app, client, meetingId)).alertas).toEqual([]);
  });

  it('refuses his requests with the same neutral 403 as a block when she chooses so', async () => {
    const e = await escort();
    expect((await call(t.app, 'GET', '/cuenta/seguridad', e)).json()).toEqual({
      rechazar_con_alertas: false,
    });
    expect(
      (await call(t.app, 'PUT', '/cuenta/seguridad', client, { rechazar_con_alertas: true })).statusCode,
    ).toBe(403);
    const bad = await call(t.app, 'PUT', '/cuenta/seguridad', e, { rechazar_con_alertas: 'si' });
    expect(bad.statusCode).toBe(400);
    const put = await call(t.app, 'PUT', '/cuenta/seguridad', e, { rechazar_con_alertas: true });
    expect(put.json()).toEqual({ rechazar_con_alertas: true, mensaje: msg.alertSettingsSaved });
    const refused = await ask(client, e);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ mensaje: msg.forbidden, code: 'FORBIDDEN' });
    const clean = await newClient();
    const ok = await ask(clean, e);
    expect(ok.statusCode).toBe(201);
    // Another escort who did not choose it still gets his request.
    const open = await escort();
    const fine = await ask(client, open);
    expect(fine.statusCode).toBe(201);
  });

  it('the client reads it without the author or the text, answers once; the admin may withdraw it', async () => {
    expect((await call(t.app, 'GET', '/cuenta/alertas', author)).statusCode).toBe(403);
    const mine = (await call(t.app, 'GET', '/cuenta/alertas', client)).json().alertas as MyAlert[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: alertId,
      categoria: 'no_pago',
      fecha: '2026-03',
      estado: 'confirmada',
      descargo: null,
    });
    expect(Object.keys(mine[0]!).sort()).toEqual([
      'categoria',
      'descargo',
      'descargo_fecha',
      'estado',
      'fecha',
      'id',
      'vigente_hasta',
    ]);
    const other = await newClient();
    const path = `/cuenta/alertas/${alertId}/descargo`;
    expect(
      (await call(t.app, 'POST', path, other, { texto: 'No fui yo, nunca la conocí.' })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', path, client, { texto: 'corto' })).json().mensaje).toBe(
      msg.alertAnswerLength,
    );
    const ok = await call(t.app, 'POST', path, client, {
      texto: 'Pagué lo acordado en efectivo, tengo el comprobante.',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await call(t.app, 'POST', path, client, { texto: 'Insisto, pagué todo lo acordado.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().mensaje).toBe(msg.alertAnswerTwice);
    const listed = (await adminList()).find((a) => a.id === alertId)!;
    expect(listed.descargo).toBe('Pagué lo acordado en efectivo, tengo el comprobante.');
    expect((await decide(alertId, 'retirar')).statusCode).toBe(200);
    expect((await decide(alertId, 'retirar')).json().mensaje).toBe(msg.alertNotConfirmed);
    const after = (await call(t.app, 'GET', '/cuenta/alertas', client)).json().alertas as MyAlert[];
    expect(after[0]!.estado).toBe('retirada');
    const card = await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, holder);
    expect(card.json().alertas).toEqual([]);
  });

  it('a dismissed alert never reaches the client', async () => {
    const { e, c, id } = await pairMeetingTomorrow();
    const filed = await file(e, alertBody(id, 'grabacion'));
    expect((await decide(filed.json().id as string, 'descartar')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/cuenta/alertas', c)).json().alertas).toEqual([]);
    expect((await outboxFor(t.app, c.email)).some((m) => m.subject.includes('alerta de seguridad'))).toBe(
      false,
    );
  });
});

describe('lapse, export and retention', () => {
  it('a confirmed alert lapses 12 months after its confirmation, then is deleted 12 months later', async () => {
    const start = clock.now();
    const { e, c, id } = await pairMeetingTomorrow();
    const refusing = await escort();
    await call(t.app, 'PUT', '/cuenta/seguridad', refusing, { rechazar_con_alertas: true });
    const alert = (await file(e, alertBody(id, 'amenazas'))).json().id as string;
    await decide(alert, 'confirmar');
    const request = () => ask(c, refusing);
    expect((await request()).statusCode).toBe(403);

    clock.set(new Date(start.getTime() + 364 * DAY));
    const card = async () =>
      (await call(t.app, 'GET', `/conversacion-cliente/perfil/${c.nickname}`, await relog(e))).json().alertas;
    expect(await card()).toHaveLength(1);
    clock.set(new Date(start.getTime() + 366 * DAY));
    expect(await card()).toEqual([]);
    const c2 = await relog(c);
    const requestNow = () => ask(c2, refusing);
    expect((await requestNow()).statusCode).toBe(201);
    const mine = (await call(t.app, 'GET', '/cuenta/alertas', c2)).json().alertas as MyAlert[];
    expect(mine[0]).toMatchObject({ estado: 'vencida', vigente_hasta: null });
    const late = await call(t.app, 'POST', `/cuenta/alertas/${alert}/descargo`, c2, {
      texto: 'Nunca amenacé a nadie, es falso.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().mensaje).toBe(msg.alertAnswerClosed);

    // The data export: about him without the author; hers with her own text.
    const his = (await call(t.app, 'GET', '/cuenta/exportar', c2)).json();
    expect(his.alertas_sobre_mi).toEqual([
      {
        categoria: 'Amenazas',
        mes: '2026-03',
        estado: 'vencida',
        vigente_hasta: null,
        descargo: null,
        descargo_el: null,
      },
    ]);
    expect(JSON.stringify(his.alertas_sobre_mi)).not.toContain(e.nickname);
    const hers = (await call(t.app, 'GET', '/cuenta/exportar', await relog(e))).json();
    expect(hers.alertas_enviadas).toEqual([
      expect.objectContaining({ categoria: 'Amenazas', estado: 'confirmada' }),
    ]);
    expect(hers.alertas_enviadas[0].descripcion).toContain('agresivo');

    const present = () => t.app.db.select().from(safetyAlerts).where(eq(safetyAlerts.id, alert));
    await purgeAlerts(t.app.db, new Date(start.getTime() + 700 * DAY));
    expect(await present()).toHaveLength(1);
    await purgeAlerts(t.app.db, new Date(start.getTime() + 732 * DAY));
    expect(await present()).toHaveLength(0);
    clock.set(start);
  });

  it('a dismissed alert is deleted 30 days after the decision', async () => {
    const { e, id } = await pairMeetingTomorrow();
    const alert = (await file(e, alertBody(id, 'otro'))).json().id as string;
    await decide(alert, 'descartar');
    const present = () => t.app.db.select().from(safetyAlerts).where(eq(safetyAlerts.id, alert));
    await purgeAlerts(t.app.db, new Date(clock.now().getTime() + 29 * DAY));
    expect(await present()).toHaveLength(1);
    await purgeAlerts(t.app.db, new Date(clock.now().getTime() + 31 * DAY));
    expect(await present()).toHaveLength(0);
  });
});
