import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import {
  CHECKIN_DAILY_PER_ACCOUNT,
  CHECKIN_MAILS_PER_ADDRESS,
  CHECKIN_NEW_CONTACTS_PER_ACCOUNT,
} from '@encanto/core/safety';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { outboxFor, testClock } from '../api/meetings-helpers.ts';
import { contactInviteSubject } from '../../src/mail-templates/contact-invite.ts';
import { checkinReminderSubject } from '../../src/mail-templates/checkin-reminder.ts';
import { checkinAlertSubject } from '../../src/mail-templates/checkin-alert.ts';

/**
 * The attack: the safety check-in mailed any address a signed-in escort typed,
 * from accounts nobody had approved, as often as she liked, and the alert
 * quoted her note (a phishing link) under the site's name, to a person who had
 * never agreed to anything. Now: approved escorts only; daily budgets per
 * account (check-ins, new contacts) and per contact address across all
 * accounts; the note's links are defanged and every mail says who asks; a
 * contact who never confirmed gets the invitation and nothing else; every
 * check-in mail carries a one-click refusal that all later check-in mail
 * honours. Rate limits are on (the app's default), so the budgets count.
 */
const MIN = 60_000;
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const address = () => `destino${Math.random().toString(36).slice(2, 10)}@correo.cl`;
const escort = () => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
const inMinutes = (m: number) => new Date(clock.now().getTime() + m * MIN).toISOString();
const start = (who: FixtureAccount, contacto_email: string, nota?: string, minutes = 60) =>
  t.app.inject({
    method: 'POST',
    url: '/api/usuario/seguridad/checkin',
    headers: bearer(who),
    payload: { vence: inMinutes(minutes), contacto_email, ...(nota ? { nota } : {}) },
  });
const close = async (who: FixtureAccount, id: string) =>
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/usuario/seguridad/checkin/${id}/estoy-bien`,
        headers: bearer(who),
      })
    ).statusCode,
  ).toBe(200);
const checkins = async (who: FixtureAccount) =>
  (await t.app.inject({ url: '/api/usuario/seguridad/checkin', headers: bearer(who) })).json() as {
    id: string;
    estado: string;
    contacto_avisado: boolean;
  }[];
async function confirm(invite: { text: string }) {
  const token = /token=([\w-]+)/.exec(invite.text)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/seguridad/contacto/confirmar',
    payload: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Runs the check-in clock past every deadline, then puts the clock back. */
async function expireAll() {
  clock.advance(13 * 60 * MIN);
  await t.app.background.sweepCheckins();
  clock.set(new Date());
}
/** What a mail client would turn into a link in plain text: a web scheme, "www.", a bare domain. */
const linkable = /\b(?:https?|ftps?|file):\/\/|\bwww\.|[\p{L}\p{N}-]+\.[\p{L}]{2,}\b/iu;

describe('who may make the site write to an address', () => {
  it('an escort nobody approved is refused, and nothing is mailed', async () => {
    const pending = await createAccount(t.app, { kind: 'escort' });
    const victim = address();
    const res = await start(pending, victim, 'Revisa https://phish.ejemplo.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ mensaje: msg.checkinNotApproved, code: 'NOT_APPROVED' });
    expect(await outboxFor(t.app, victim)).toHaveLength(0);
  });
});

describe('daily budgets', () => {
  it(`one address gets at most ${CHECKIN_MAILS_PER_ADDRESS} mails a day from all accounts together`, async () => {
    const victim = address();
    const senders = await Promise.all(Array.from({ length: CHECKIN_MAILS_PER_ADDRESS + 1 }, () => escort()));
    for (const sender of senders.slice(0, -1)) expect((await start(sender, victim)).statusCode).toBe(201);
    const over = await start(senders.at(-1)!, victim);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ mensaje: msg.checkinAddressLimit, code: 'CHECKIN_ADDRESS_LIMIT' });
    expect(await outboxFor(t.app, victim)).toHaveLength(CHECKIN_MAILS_PER_ADDRESS);
    // The refused start did not spend the sender's own budget: another contact still works.
    expect((await start(senders.at(-1)!, address())).statusCode).toBe(201);
  });

  it(`one account names at most ${CHECKIN_NEW_CONTACTS_PER_ACCOUNT} new contacts a day`, async () => {
    const sender = await escort();
    for (let i = 0; i < CHECKIN_NEW_CONTACTS_PER_ACCOUNT; i++) {
      const res = await start(sender, address());
      expect(res.statusCode).toBe(201);
      await close(sender, res.json().id);
    }
    const victim = address();
    const over = await start(sender, victim);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      mensaje: msg.checkinNewContactLimit(CHECKIN_NEW_CONTACTS_PER_ACCOUNT),
      code: 'CHECKIN_CONTACT_LIMIT',
    });
    expect(await outboxFor(t.app, victim)).toHaveLength(0);
  });

  it(`one account starts at most ${CHECKIN_DAILY_PER_ACCOUNT} check-ins a day`, async () => {
    const sender = await escort();
    const friend = address();
    for (let i = 0; i < CHECKIN_DAILY_PER_ACCOUNT; i++) {
      const res = await start(sender, friend);
      expect(res.statusCode, res.body).toBe(201);
      await close(sender, res.json().id);
    }
    const over = await start(sender, friend);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      mensaje: msg.checkinDailyLimit(CHECKIN_DAILY_PER_ACCOUNT),
      code: 'CHECKIN_DAILY_LIMIT',
    });
    expect(over.headers['retry-after']).toBeDefined();
    // The friend never confirmed: one invitation, however many check-ins named them.
    expect(await outboxFor(t.app, friend)).toHaveLength(1);
  });
});

describe('what the mails say', () => {
  it('the note reaches a confirmed contact as plain text with no link a mail client would make clickable; both mails say who asks', async () => {
    const sender = await escort();
    const friend = address();
    const nota =
      'Hotel del centro, hab. 512, $50.000. Entra a https://phish.ejemplo.com/login o www.ejemplo.cl, ejemplo.org, ｗｗｗ．ｍａｌｏ．ｃｌ o escribe a ayuda@soporte-falso.cl';
    const res = await start(sender, friend, nota);
    expect(res.statusCode, res.body).toBe(201);
    const [invite] = await outboxFor(t.app, friend);
    const site = t.config.siteName;
    expect(invite!.subject).toBe(contactInviteSubject(site, sender.nickname));
    expect(invite!.text).toContain(`«${sender.nickname}»`);
    expect(invite!.text).toContain(site);
    // The invitation does not quote the note at all, and every link in it is the site's own.
    expect(invite!.text).not.toContain('ejemplo');
    for (const link of invite!.text.match(/https?:\/\/\S+/g) ?? [])
      expect(link.startsWith(t.config.siteUrl)).toBe(true);
    await confirm(invite!);

    await expireAll();
    const alert = (await outboxFor(t.app, friend)).find(
      (m) => m.subject === checkinAlertSubject(site, sender.nickname),
    );
    expect(alert, 'the confirmed contact is alerted').toBeDefined();
    expect(alert!.text).toContain(`«${sender.nickname}»`);
    const quoted = alert!.text.split('\n').find((l) => l.startsWith('Su nota'))!;
    expect(quoted).toContain('Hotel del centro, hab. 512, $50.000.');
    expect(quoted).toContain('hxxps://phish[.]ejemplo[.]com/login');
    expect(quoted).toContain('www[.]ejemplo[.]cl');
    expect(quoted).toContain('www[.]malo[.]cl');
    expect(quoted).toContain('ayuda[@]soporte-falso[.]cl');
    expect(quoted).not.toMatch(linkable);
    for (const link of alert!.text.match(/https?:\/\/\S+/g) ?? [])
      expect(link.startsWith(t.config.siteUrl)).toBe(true);
  });

  it('a contact who never confirmed gets the invitation and never the alert', async () => {
    const sender = await escort();
    const stranger = address();
    expect((await start(sender, stranger, 'Llámame si no contesto', 20)).statusCode).toBe(201);
    // Ten minutes before the deadline she is told her contact has not accepted.
    clock.advance(11 * MIN);
    await t.app.background.sweepCheckins();
    clock.set(new Date());
    const reminder = (await outboxFor(t.app, sender.email)).find((m) => m.subject === checkinReminderSubject);
    expect(reminder!.text).toContain('aún no confirma');
    await expireAll();
    expect((await outboxFor(t.app, stranger)).map((m) => m.subject)).toEqual([
      contactInviteSubject(t.config.siteName, sender.nickname),
    ]);
    expect((await checkins(sender))[0]).toMatchObject({ estado: 'vencido', contacto_avisado: false });
  });
});

describe('refusing all mail from the site', () => {
  it('one click in any check-in mail refuses it; the invitation and the alert of every account honour it', async () => {
    const [first, second] = [await escort(), await escort()];
    const person = address();
    const running = await start(first, person, 'Depto 1204');
    expect(running.statusCode).toBe(201);
    const [invite] = await outboxFor(t.app, person);
    await confirm(invite!);
    // The refusal is in the text (a page with a button) and in the RFC 8058 headers.
    const page = /(https?:\/\/\S+\/ContactoSeguridad\/baja\?t=\S+)/.exec(invite!.text)![1]!;
    expect(page.startsWith(t.config.siteUrl)).toBe(true);
    expect(invite!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(invite!.headers['List-Unsubscribe']!)![1]!;
    expect(oneClick).toBe(
      `${t.config.siteUrl}/api/seguridad/contacto/baja?t=${new URL(page).searchParams.get('t')}`,
    );

    // Opening a link is not refusing: there is no GET that changes anything.
    const path = oneClick.slice(t.config.siteUrl.length);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    // The mail client's one-click POST (a form body, no session).
    const refused = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().mensaje).toBe(msg.contactRefusalDone(t.config.siteName));
    const mailsBefore = (await outboxFor(t.app, person)).length;

    // No invitation from another account: she is told to choose someone else.
    const other = await start(second, person.toUpperCase());
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ mensaje: msg.checkinContactRefused, code: 'CONTACT_REFUSED' });
    expect((await start(first, person)).statusCode).toBe(409);
    // No alert for the check-in that was running, though the contact had confirmed.
    await expireAll();
    expect(await outboxFor(t.app, person)).toHaveLength(mailsBefore);
    expect((await checkins(first))[0]).toMatchObject({ estado: 'vencido', contacto_avisado: false });
  });

  it('a made-up or altered link is a Spanish 400 and refuses nothing', async () => {
    const sender = await escort();
    const person = address();
    expect((await start(sender, person)).statusCode).toBe(201);
    const [invite] = await outboxFor(t.app, person);
    const token = new URL(
      /(https?:\/\/\S+\/ContactoSeguridad\/baja\?t=\S+)/.exec(invite!.text)![1]!,
    ).searchParams.get('t')!;
    const [key, signature] = token.split('.');
    for (const bad of [
      `${key}.${signature!.slice(0, -2)}xx`,
      `${'A'.repeat(43)}.${signature}`,
      'no-es-un-enlace-valido',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/seguridad/contacto/baja?t=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(msg.contactRefusalInvalid);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/seguridad/contacto/baja' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().mensaje).toBe(msg.contactRefusalInvalid);
    expect((await start(sender, person)).statusCode).toBe(201);
  });

  it('accepting an invitation later lifts a refusal of the same address', async () => {
    const [first, second] = [await escort(), await escort()];
    const person = address();
    expect((await start(first, person)).statusCode).toBe(201);
    expect((await start(second, person)).statusCode).toBe(201);
    const [fromFirst, fromSecond] = await outboxFor(t.app, person);
    const path = /^<(.+)>$/.exec(fromFirst!.headers['List-Unsubscribe']!)![1]!.slice(t.config.siteUrl.length);
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    expect((await start(first, person)).statusCode).toBe(409);
    await confirm(fromSecond!);
    expect((await start(first, person)).statusCode).toBe(201);
  });
});
