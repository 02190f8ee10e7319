import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { approvedClient, approvedEscort, block, call, pairOf } from './marketplace-helpers.ts';
import {
  acceptedMeeting,
  chileTime,
  DAY,
  HOUR,
  myMeeting,
  requestBody,
  testClock,
} from './meetings-helpers.ts';

let t: TestApp;
const clock = testClock(new Date('2026-04-02T18:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});

const say = (who: FixtureAccount | null, id: string, texto: unknown) =>
  call(t.app, 'POST', `/citas/${id}/mensajes`, who, { texto });
const read = (who: FixtureAccount | null, id: string) => call(t.app, 'GET', `/citas/${id}/mensajes`, who);

describe('the conversation of an accepted meeting', () => {
  it('the pair writes and reads; messages are plain text, 1-1000 characters', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    const first = await say(client, id, '  Hola, ¿te acomoda a las 21:00? <script>x</script>  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      texto: 'Hola, ¿te acomoda a las 21:00? <script>x</script>',
      mio: true,
    });
    expect((await say(escort, id, 'Perfecto, nos vemos.')).statusCode).toBe(201);
    const seen = await read(client, id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      cita: id,
      abierta: true,
      otra_parte: { nickname: escort.nickname },
      mensajes: [
        { texto: 'Hola, ¿te acomoda a las 21:00? <script>x</script>', mio: true },
        { texto: 'Perfecto, nos vemos.', mio: false },
      ],
    });
    for (const [texto, text] of [
      ['   ', msg.chatTextRequired],
      ['', msg.chatTextRequired],
      ['x'.repeat(1001), msg.chatTextTooLong],
      ['hola\u0000', msg.invalidInput],
      ['hola\u001b[31m', msg.textInvalidChars],
    ] as const) {
      const res = await say(client, id, texto);
      expect(res.statusCode, JSON.stringify(texto)).toBe(400);
      expect(res.json().mensaje).toBe(text);
    }
    expect((await say(client, id, 42)).statusCode).toBe(400);
    expect((await say(client, id, 'x'.repeat(1000))).statusCode).toBe(201);
  });

  it('only the two members: others, admins and unknown ids get 404; anonymous 401', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const otherClient = await approvedClient(t.app);
    const otherEscort = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    await say(client, id, 'Solo para ti.');
    for (const who of [otherClient, otherEscort, admin]) {
      const get = await read(who, id);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ mensaje: msg.conversationNotFound, code: 'NOT_FOUND' });
      expect((await say(who, id, 'Intruso')).statusCode).toBe(404);
    }
    expect((await read(null, id)).statusCode).toBe(401);
    expect((await say(null, id, 'Hola')).statusCode).toBe(401);
    expect((await read(client, '6f1c2a4e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read(client, 'no-es-un-id')).statusCode).toBe(400);
    expect((await read(client, id)).json().mensajes).toHaveLength(1);
  });

  it('there is no conversation before the acceptance (403), nor after a rejection', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const res = await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(clock.now(), DAY)),
    );
    const id = res.json().cita as string;
    const early = await read(client, id);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ mensaje: msg.conversationNotOpen, code: 'NOT_ACCEPTED' });
    expect((await say(escort, id, 'Hola')).statusCode).toBe(403);
    await call(t.app, 'POST', '/appointments/rechazar', escort, pairOf(client, escort));
    expect((await read(escort, id)).statusCode).toBe(403);
  });

  it('a block ends it: the blocked client gets 403 even to read; the escort reads but cannot write', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    await say(client, id, 'Antes del bloqueo.');
    await block(t.app, escort, client);
    const get = await read(client, id);
    expect(get.statusCode).toBe(403);
    expect(get.json()).toEqual({ mensaje: msg.blockedNeutral, code: 'NOT_AVAILABLE' });
    expect((await say(client, id, 'Hola?')).statusCode).toBe(403);
    const hers = await read(escort, id);
    expect(hers.statusCode).toBe(200);
    expect(hers.json()).toMatchObject({ abierta: false, mensajes: [{ texto: 'Antes del bloqueo.' }] });
    const write = await say(escort, id, 'Adiós');
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('CONVERSATION_CLOSED');
  });

  it('it stays open until 7 days after the meeting time, then it is read-only (403 to write)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const at = chileTime(clock.now(), 2 * DAY);
    const id = await acceptedMeeting(t.app, client, escort, at);
    const end = new Date(Date.parse(at) + 7 * DAY);
    expect((await read(client, id)).json().hasta).toBe(end.toISOString());
    const start = clock.now();
    try {
      clock.set(new Date(end.getTime() - 60_000));
      expect((await say(client, id, 'Último minuto.')).statusCode).toBe(201);
      expect((await myMeeting(t.app, client, id)).acciones).toContain('conversar');
      clock.set(new Date(end.getTime() + 1));
      const late = await say(client, id, 'Muy tarde.');
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ mensaje: msg.conversationEnded, code: 'CONVERSATION_CLOSED' });
      const after = await read(escort, id);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ abierta: false, mensajes: [{ texto: 'Último minuto.' }] });
      expect((await myMeeting(t.app, client, id)).acciones).not.toContain('conversar');
    } finally {
      clock.set(start);
    }
  });

  it('closing the meeting (cerrar) ends the conversation too', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    await call(t.app, 'POST', '/appointments/cerrar', client, pairOf(client, escort));
    expect((await say(escort, id, 'Hola')).statusCode).toBe(403);
    expect((await read(escort, id)).json().abierta).toBe(false);
  });
});

describe('unread counts', () => {
  it('each side counts the other side’s messages it has not opened; reading clears them', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), DAY));
    await say(client, id, 'Uno');
    await say(client, id, 'Dos');
    expect((await myMeeting(t.app, escort, id)).no_leidos).toBe(2);
    expect((await myMeeting(t.app, client, id)).no_leidos).toBe(0);
    expect((await call(t.app, 'GET', '/citas/resumen', escort)).json()).toMatchObject({
      no_leidos: 1,
      total: 1,
    });
    await read(escort, id);
    expect((await myMeeting(t.app, escort, id)).no_leidos).toBe(0);
    expect((await call(t.app, 'GET', '/citas/resumen', escort)).json()).toMatchObject({ no_leidos: 0 });
    await say(escort, id, 'Tres');
    expect((await myMeeting(t.app, client, id)).no_leidos).toBe(1);
    // Writing counts as having read the conversation so far.
    await say(client, id, 'Cuatro');
    expect((await myMeeting(t.app, client, id)).no_leidos).toBe(0);
  });
});

describe('rate limit', () => {
  it('more than 30 messages a minute from one session are refused with 429', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(clock.now(), 3 * HOUR));
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await say(client, id, `Mensaje ${i}`)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
    // The other member has her own allowance.
    expect((await say(escort, id, 'Yo sí puedo.')).statusCode).toBe(201);
  });
});
