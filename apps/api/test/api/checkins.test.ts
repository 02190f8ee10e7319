import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { acceptedMeeting, chileTime, DAY, outboxFor, testClock } from './meetings-helpers.ts';
import { contactInviteSubject } from '../../src/mail-templates/contact-invite.ts';
import { checkinReminderSubject } from '../../src/mail-templates/checkin-reminder.ts';
import { checkinAlertSubject } from '../../src/mail-templates/checkin-alert.ts';

const MIN = 60_000;
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});

const contact = () => `contacto${Math.random().toString(36).slice(2, 8)}@correo.cl`;
const start = (who: FixtureAccount, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/usuario/seguridad/checkin',
    headers: bearer(who),
    payload: body,
  });
const list = async (who: FixtureAccount) =>
  (await t.app.inject({ method: 'GET', url: '/api/usuario/seguridad/checkin', headers: bearer(who) })).json();
const inMinutes = (m: number) => new Date(clock.now().getTime() + m * MIN).toISOString();
/** The contact accepts with the link of their invitation (the first mail they got). */
async function confirmFrom(email: string) {
  const [invite] = await outboxFor(t.app, email);
  const token = /token=([\w-]+)/.exec(invite!.text)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/seguridad/contacto/confirmar',
    payload: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('starting a check-in', () => {
  it('escorts only, deadline 15 min to 12 h ahead, Spanish 400s', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    expect((await start(client, { vence: inMinutes(60), contacto_email: contact() })).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/seguridad/checkin',
      payload: { vence: inMinutes(60), contacto_email: contact() },
    });
    expect(anon.statusCode).toBe(401);
    // An escort nobody approved yet cannot make the site mail anyone.
    const pending = await createAccount(t.app, { kind: 'escort' });
    const stranger = contact();
    const refused = await start(pending, { vence: inMinutes(60), contacto_email: stranger });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ mensaje: msg.checkinNotApproved, code: 'NOT_APPROVED' });
    expect(await outboxFor(t.app, stranger)).toHaveLength(0);
    for (const m of [5, 13 * 60]) {
      const res = await start(escort, { vence: inMinutes(m), contacto_email: contact() });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(msg.checkinDeadlineRange);
    }
    const bad = await start(escort, { vence: inMinutes(60), contacto_email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const meeting = await acceptedMeeting(t.app, client, other, chileTime(clock.now(), DAY));
    const notHers = await start(escort, {
      vence: inMinutes(60),
      contacto_email: contact(),
      cita_id: meeting,
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().mensaje).toBe(msg.checkinMeetingInvalid);
  });

  it('mails the contact once to confirm; the check-in runs before they confirm', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const email = contact();
    const res = await start(escort, {
      vence: inMinutes(90),
      contacto_email: email,
      nota: 'Voy al hotel del centro',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      estado: 'activo',
      contacto_confirmado: false,
      nota: 'Voy al hotel del centro',
    });
    expect(
      (await start(escort, { vence: inMinutes(120), contacto_email: email.toUpperCase() })).statusCode,
    ).toBe(201);
    const invites = await outboxFor(t.app, email);
    expect(invites).toHaveLength(1);
    const token = /token=([\w-]+)/.exec(invites[0]!.text)![1]!;

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/seguridad/contacto/confirmar',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().mensaje).toBe(msg.contactConfirmed);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/seguridad/contacto/confirmar',
      payload: { token },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensaje).toBe(msg.contactLinkInvalid);
    const mine = await list(escort);
    expect(mine.map((c: { contacto_confirmado: boolean }) => c.contacto_confirmado)).toEqual([true, true]);
    // A third active one is fine, a fourth is too many.
    expect((await start(escort, { vence: inMinutes(30), contacto_email: email })).statusCode).toBe(201);
    const fourth = await start(escort, { vence: inMinutes(30), contacto_email: email });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().mensaje).toBe(msg.checkinActiveLimit);
  });
});

describe('the deadline', () => {
  it('closed in time: "Estoy bien" ends it and nobody is alerted', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const email = contact();
    const res = await start(escort, { vence: inMinutes(20), contacto_email: email });
    const id = res.json().id;
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const url = `/api/usuario/seguridad/checkin/${id}/estoy-bien`;
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(other) })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url, headers: bearer(escort) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mensaje).toBe(msg.checkinClosed);
    const twice = await t.app.inject({ method: 'POST', url, headers: bearer(escort) });
    expect(twice.statusCode).toBe(409);
    clock.advance(30 * MIN);
    await t.app.background.sweepCheckins();
    clock.set(new Date());
    expect((await outboxFor(t.app, email)).map((m) => m.subject)).toEqual([
      contactInviteSubject(t.config.siteName, escort.nickname),
    ]);
    expect((await list(escort))[0]).toMatchObject({ estado: 'cerrado' });
  });

  it('expires: a reminder 10 minutes before, then the contact gets what she shared', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const meeting = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), 2 * 3_600_000));
    const email = contact();
    const res = await start(escort, {
      vence: inMinutes(180),
      contacto_email: email,
      cita_id: meeting,
      nota: 'Depto 1204',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cita).toMatchObject({ id: meeting, cliente: client.nickname });
    // Only a contact who accepted is ever alerted: this one does, from the invitation.
    await confirmFrom(email);

    clock.advance(165 * MIN);
    await t.app.background.sweepCheckins();
    expect(await outboxFor(t.app, email)).toHaveLength(1); // the invitation only
    expect((await outboxFor(t.app, escort.email)).some((m) => m.subject === checkinReminderSubject)).toBe(
      false,
    );
    clock.advance(6 * MIN);
    await t.app.background.sweepCheckins();
    await t.app.background.sweepCheckins();
    const reminders = (await outboxFor(t.app, escort.email)).filter(
      (m) => m.subject === checkinReminderSubject,
    );
    expect(reminders).toHaveLength(1);

    clock.advance(10 * MIN);
    await t.app.background.sweepCheckins();
    const alert = (await outboxFor(t.app, email)).find(
      (m) => m.subject === checkinAlertSubject(t.config.siteName, escort.nickname),
    );
    expect(alert).toBeDefined();
    expect(alert!.text).toContain(client.nickname);
    expect(alert!.text).toContain('Depto 1204');
    expect(alert!.text).toContain('912345678');
    expect(alert!.text).toContain(escort.email);
    // Sent by the worker through the outbox, and only once however often the sweep runs.
    await t.app.background.sweepCheckins();
    expect((await outboxFor(t.app, email)).filter((m) => m.subject === alert!.subject)).toHaveLength(1);
    await t.app.background.mail.drain();
    expect((await list(escort))[0]).toMatchObject({ estado: 'vencido', contacto_avisado: true });
    clock.set(new Date());
  });
});
