import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { depsOf } from '../../src/deps.ts';
import { movableClock } from '../helpers/clock.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { queueMail } from '../../src/modules/mail/service.ts';
import { reportHeldMail } from '../../src/mail-templates/report-held.ts';
import { mailRetry, startMailWorker } from '../../src/modules/mail/worker.ts';
import type { OutgoingMail } from '../../src/infra/mail/transport.ts';
import { approvedClient, approvedEscort, call, pairOf } from './marketplace-helpers.ts';
import { acceptedMeeting, chileTime, DAY, outboxFor, requestBody, testClock } from './meetings-helpers.ts';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T16:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});

const SUBJECT = 'Encanto: tienes una novedad en tu cuenta';
const kinds = async (who: FixtureAccount) => (await outboxFor(t.app, who.email)).map((m) => m.kind);
const ask = (client: FixtureAccount, escort: FixtureAccount) =>
  call(
    t.app,
    'POST',
    '/appointments/solicitar',
    client,
    requestBody(client, escort, chileTime(clock.now(), DAY)),
  );

describe('notification mails are queued with the change that causes them', () => {
  it('request → escort; accepted, rejected, new time → client; proposal accepted → escort; comment → escort', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    expect((await ask(client, escort)).statusCode).toBe(201);
    expect(await kinds(escort)).toEqual(['solicitudes']);
    await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: chileTime(clock.now(), 2 * DAY),
    });
    await call(t.app, 'POST', '/appointments/aceptar-propuesta', client, pairOf(client, escort));
    expect(await kinds(client)).toEqual(['respuestas']);
    expect(await kinds(escort)).toEqual(['solicitudes', 'solicitudes']);
    clock.advance(2 * DAY); // the meeting's time: its review opens (decision 0157)
    await call(t.app, 'POST', '/comments/usuario/registro', client, {
      comentario: 'Muy amable y puntual.',
      nick_cliente: client.nickname,
      nick_usuario: escort.nickname,
    });
    expect(await kinds(escort)).toEqual(['solicitudes', 'solicitudes', 'comentarios']);

    const other = await approvedClient(t.app);
    await ask(other, escort);
    await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(other, escort));
    const third = await approvedClient(t.app);
    await ask(third, escort);
    await call(t.app, 'POST', '/appointments/rechazar', escort, {
      ...pairOf(third, escort),
      motivo: 'No puedo.',
    });
    expect(await kinds(other)).toEqual(['respuestas']);
    expect(await kinds(third)).toEqual(['respuestas']);
  });

  it('subjects and first lines are discreet; every notification carries its one-click unsubscribe', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await ask(client, escort);
    const [mail] = await outboxFor(t.app, escort.email);
    expect(mail!.subject).toBe(SUBJECT);
    expect(mail!.text.split('\n')[0]).toBe('Tienes una novedad en tu cuenta de Encanto.');
    for (const word of [client.nickname, escort.nickname, 'escort', 'sexo', 'cita']) {
      expect(mail!.subject.toLowerCase()).not.toContain(word.toLowerCase());
      expect(mail!.text.toLowerCase()).not.toContain(word.toLowerCase());
    }
    expect(mail!.text).toContain('http://localhost:3000/panel/solicitudes');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/notificaciones\/baja\?t=[\w.%-]+/);
    expect(mail!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/cuenta\/notificaciones\/baja\?t=[\w.%-]+>$/,
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The worker sends it with those headers (an .eml without SMTP_URL).
    await t.app.background.mail.drain();
    const [sent] = await outboxFor(t.app, escort.email);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    const dir = path.join(t.dataDir, 'outbox');
    const file = (await fs.readdir(dir)).filter((f) => f.includes(escort.email)).at(-1)!;
    // Long header lines are folded onto continuation lines; unfold them to read each header whole.
    const eml = (await fs.readFile(path.join(dir, file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/cuenta\/notificaciones\/baja\?t=/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toMatch(/^Subject: Encanto: tienes una novedad en tu cuenta$/m);
  });

  it('account mail (recovery) goes through the same outbox, without an unsubscribe', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    await t.app.inject({
      method: 'POST',
      url: '/api/cliente/recuperar-pass',
      payload: { email: client.email },
    });
    const [mail] = await outboxFor(t.app, client.email);
    expect(mail).toMatchObject({ kind: 'sistema', headers: {} });
  });
});

describe('a new message mails the other member only when away for 15 minutes, once per absence', () => {
  it('first message mails; the next does not; after she opens it, only 15 minutes away mails again', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    const before = (await kinds(escort)).length;
    const say = (who: FixtureAccount, texto: string) =>
      call(t.app, 'POST', `/citas/${id}/mensajes`, who, { texto });
    const messageMails = async () =>
      (await kinds(escort)).slice(before).filter((k) => k === 'mensajes').length;
    await say(client, 'Hola, ¿a qué hora?');
    expect(await messageMails()).toBe(1);
    const [mail] = (await outboxFor(t.app, escort.email)).filter((m) => m.kind === 'mensajes');
    expect(mail!.text).not.toContain('¿a qué hora?');
    expect(mail!.text).toContain(`http://localhost:3000/Cita/${id}`);
    await say(client, '¿Sigues ahí?');
    expect(await messageMails()).toBe(1);
    await call(t.app, 'GET', `/citas/${id}/mensajes`, escort);
    await say(client, 'Te escribo de nuevo.');
    expect(await messageMails()).toBe(1);
    clock.advance(16 * 60_000);
    await say(client, 'Pasaron 16 minutos.');
    expect(await messageMails()).toBe(2);
  });
});

describe('preferences: GET / PUT /api/cuenta/notificaciones', () => {
  it('all on by default; PUT changes the named kinds; bad bodies are 400; anonymous 401', async () => {
    const escort = await approvedEscort(t.app);
    const url = '/cuenta/notificaciones';
    expect((await call(t.app, 'GET', url, escort)).json()).toEqual({
      solicitudes: true,
      respuestas: true,
      mensajes: true,
      comentarios: true,
      visitas: true,
      busquedas: true,
    });
    const put = await call(t.app, 'PUT', url, escort, { solicitudes: false, comentarios: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      solicitudes: false,
      respuestas: true,
      mensajes: true,
      comentarios: false,
      visitas: true,
      busquedas: true,
    });
    expect((await call(t.app, 'PUT', url, escort, { mensajes: false })).json()).toMatchObject({
      solicitudes: false,
      mensajes: false,
    });
    expect((await call(t.app, 'PUT', url, escort, {})).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', url, escort, { mensajes: 'no' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', url, null)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', url, null, { mensajes: true })).statusCode).toBe(401);
  });

  it('a kind turned off is not mailed; the others still are', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'PUT', '/cuenta/notificaciones', escort, { solicitudes: false });
    await call(t.app, 'PUT', '/cuenta/notificaciones', client, { respuestas: false });
    await ask(client, escort);
    await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    expect(await kinds(escort)).toEqual([]);
    expect(await kinds(client)).toEqual([]);
    clock.advance(DAY); // the meeting's time: its review opens (decision 0157)
    await call(t.app, 'POST', '/comments/usuario/registro', client, {
      comentario: 'Todo muy bien, gracias.',
      nick_cliente: client.nickname,
      nick_usuario: escort.nickname,
    });
    expect(await kinds(escort)).toEqual(['comentarios']);
  });
});

describe('one-click unsubscribe without logging in', () => {
  const tokenOf = (header: string) => new URL(header.slice(1, -1)).searchParams.get('t')!;

  it('the mail client POSTs the List-Unsubscribe URL: that kind turns off for that account only', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await ask(client, escort);
    const [mail] = await outboxFor(t.app, escort.email);
    const url = mail!.headers['List-Unsubscribe']!.slice(1, -1).replace('http://localhost:3000', '');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tipo: 'solicitudes', mensaje: msg.unsubscribeDone('solicitudes nuevas') });
    expect((await call(t.app, 'GET', '/cuenta/notificaciones', escort)).json()).toEqual({
      solicitudes: false,
      respuestas: true,
      mensajes: true,
      comentarios: true,
      visitas: true,
      busquedas: true,
    });
    // Repeating it is harmless; the web page's JSON call works the same way.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/cuenta/notificaciones/baja?t=${encodeURIComponent(tokenOf(mail!.headers['List-Unsubscribe']!))}`,
    });
    expect(again.statusCode).toBe(200);
    const other = await approvedClient(t.app);
    await ask(other, escort);
    expect(await kinds(escort)).toEqual(['solicitudes']);
  });

  it('a token that was altered, or names another kind or account, is refused with 400', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await ask(client, escort);
    const [mail] = await outboxFor(t.app, escort.email);
    const token = tokenOf(mail!.headers['List-Unsubscribe']!);
    const [account, , signature] = token.split('.');
    for (const bad of [
      `${account}.mensajes.${signature}`,
      `${client.id}.solicitudes.${signature}`,
      `${account}.solicitudes.${signature!.slice(0, -2)}xx`,
      'basura-basura-basura',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/cuenta/notificaciones/baja?t=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ mensaje: msg.unsubscribeInvalid, code: 'TOKEN_INVALID' });
    }
    expect((await call(t.app, 'GET', '/cuenta/notificaciones', escort)).json().solicitudes).toBe(true);
  });
});

describe('the outbox worker', () => {
  it('a failing transport never fails the request; the mail is retried with back-off and then sent', async () => {
    let failures = 2;
    const sent: OutgoingMail[] = [];
    const flaky = createTestApp({
      services: {
        clock,
        mailTransport: {
          send: async (m) => {
            if (failures-- > 0) throw new Error('SMTP 451 try again later');
            sent.push(m);
          },
          close: () => {},
        },
      },
    });
    const f = await flaky;
    try {
      const client = await approvedClient(f.app);
      const escort = await approvedEscort(f.app);
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/appointments/solicitar',
        headers: bearer(client),
        payload: requestBody(client, escort, chileTime(clock.now(), DAY)),
      });
      expect(res.statusCode).toBe(201);
      await f.app.background.mail.drain();
      let [row] = await f.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, escort.email));
      expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'SMTP 451 try again later' });
      // The back-off counts on the app's clock, which this test moves instead of waiting.
      const wait = row!.nextAttemptAt.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
      // Nothing is due yet: another run does not touch it.
      await f.app.background.mail.drain();
      [row] = await f.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, escort.email));
      expect(row!.attempts).toBe(1);
      const due = async () => {
        clock.set(row!.nextAttemptAt);
        await f.app.background.mail.drain();
        [row] = await f.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, escort.email));
      };
      await due();
      expect(row).toMatchObject({ attempts: 2, sentAt: null });
      // The second delay doubles.
      expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(50_000);
      await due();
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(sent.map((m) => m.to)).toEqual([escort.email]);
    } finally {
      await f.close();
    }
  });

  it('gives up after the last attempt (failed_at set), and two workers never send one mail twice', async () => {
    let calls = 0;
    const counts = new Map<string, number>();
    const f = await createTestApp({
      env: { MAIL_POLL_MS: '600000' },
      services: {
        mailTransport: {
          send: async (m) => {
            calls++;
            if (m.to === 'nunca@example.cl') throw new Error('550 mailbox unavailable');
            await new Promise((r) => setTimeout(r, 2));
            counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
          },
          close: () => {},
        },
      },
    });
    try {
      const anyMail = (to: string) =>
        queueMail(f.app.db, depsOf(f.app), reportHeldMail, reportHeldMail.samples.default!, { to });
      await anyMail('nunca@example.cl');
      // Each retry waits at most an hour: an hour later on the app's clock, it is due again.
      const anHourLater = () => movableClock(f.app).advance(mailRetry.maxDelayMs);
      for (let i = 0; i < 8; i++) {
        anHourLater();
        await f.app.background.mail.drain();
      }
      const [dead] = await f.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nunca@example.cl'));
      expect(dead).toMatchObject({ attempts: 8, sentAt: null, lastError: '550 mailbox unavailable' });
      expect(dead!.failedAt).toBeInstanceOf(Date);
      calls = 0;
      anHourLater();
      await f.app.background.mail.drain();
      expect(calls).toBe(0);

      for (let i = 0; i < 45; i++) await anyMail(`m${i}@example.cl`);
      const second = await startMailWorker({
        db: f.app.db,
        transport: f.app.services.mailTransport,
        log: f.app.log,
        clock: f.app.services.clock,
        pollMs: 600_000,
      });
      await Promise.all([f.app.background.mail.drain(), second.drain(), second.drain()]);
      await second.stop();
      expect(counts.size).toBe(45);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await f.close();
    }
  });
});
