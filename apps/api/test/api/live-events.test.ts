import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { movableClock } from '../helpers/clock.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { openSse, type SseClient } from '../helpers/sse.ts';
import { approvedClient, approvedEscort, call, pairOf } from './marketplace-helpers.ts';
import { acceptedMeeting, chileTime, DAY, requestBody } from './meetings-helpers.ts';

/**
 * GET /api/eventos on one instance, over a real socket: what a tab's EventSource reads (decisions
 * 0158-0161). Two instances through Redis: live-events-redis.test.ts.
 */
let t: TestApp;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LIVE_STREAMS_PER_ACCOUNT: '2', LIVE_HEARTBEAT_MS: '40', LIVE_SESSION_CHECK_MS: '1000' },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

const CITA = '7d3f8f3e-8a43-4b8e-9d55-0a5f3b1a2c11';
const cookie = (who: FixtureAccount) => ({ cookie: `encanto_sesion=${who.token}` });
async function stream(who: FixtureAccount, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await openSse(base, { ...cookie(who), ...headers });
  open.push(c);
  return c;
}
const say = (who: FixtureAccount, id: string, texto: string) =>
  call(t.app, 'POST', `/citas/${id}/mensajes`, who, { texto });

describe('GET /api/eventos', () => {
  it('refuses what is not a signed-in client or escort asking for an event stream, in Spanish', async () => {
    const client = await approvedClient(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    const es = { accept: 'text/event-stream' };
    const anonymous = await t.app.inject({ url: '/api/eventos', headers: es });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ mensaje: msg.sessionRequired });
    expect(
      (await t.app.inject({ url: '/api/eventos', headers: { ...es, ...bearer(admin) } })).statusCode,
    ).toBe(403);
    const json = await t.app.inject({ url: '/api/eventos', headers: cookie(client) });
    expect(json.statusCode).toBe(406);
    expect(json.json()).toEqual({ mensaje: msg.liveStreamOnly, code: 'NOT_ACCEPTABLE' });
    const badId = await t.app.inject({
      url: '/api/eventos',
      headers: { ...es, ...cookie(client), 'last-event-id': '../../etc' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ mensaje: msg.liveStreamBadId });
  });

  it('opens with the badge, uncompressed and unstored, and keeps the line alive with heartbeats', async () => {
    const client = await approvedClient(t.app);
    const c = await stream(client, { 'accept-encoding': 'gzip, br' });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['content-encoding']).toBeUndefined();
    expect(c.headers['cache-control']).toBe('no-store');
    expect(c.headers['x-accel-buffering']).toBe('no');
    expect((await c.next('contador')).data).toEqual({ por_responder: 0, no_leidos: 0, total: 0 });
    await expect.poll(() => c.comments, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
  });

  it('carries a request and its answer to both sides, with the badge, within a second', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const hers = await stream(escort);
    const his = await stream(client);
    await hers.next('contador');
    await his.next('contador');
    const req = await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(movableClock(t.app).now(), DAY)),
    );
    const answered = performance.now();
    expect(req.statusCode, req.body).toBe(201);
    const cita = req.json().cita as string;
    const arrived = await hers.next('cita');
    expect(arrived.data).toEqual({ cita, estado: 'pendiente' });
    // Pushed as the write commits, so it is there by the time the answer is: timed from the answer, as
    // a loaded CI machine can take seconds over the request itself (bench/live.ts measures send to arrival).
    expect(arrived.at - answered).toBeLessThan(1000);
    expect((await hers.next('contador')).data).toMatchObject({ por_responder: 1, total: 1 });
    expect((await his.next('cita')).data).toEqual({ cita, estado: 'pendiente' });

    const rej = await call(t.app, 'POST', '/conversacion/rechazar', escort, pairOf(client, escort));
    expect(rej.statusCode, rej.body).toBe(200);
    expect((await his.next('cita')).data).toEqual({ cita, estado: 'rechazada' });
    expect((await hers.next('contador')).data).toMatchObject({ por_responder: 0 });
  });

  it('delivers a new message to the other member within a second, and to the author as hers', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(movableClock(t.app).now(), DAY));
    const hers = await stream(escort);
    const his = await stream(client);
    await hers.next('contador');
    expect((await say(client, id, 'Hola, ¿a las 21:00?')).statusCode).toBe(201);
    const answered = performance.now();
    const got = await hers.next('mensaje');
    expect(got.at - answered).toBeLessThan(1000);
    expect(got.id).toMatch(/^[0-9a-f]{8}\.[0-9a-z]+$/);
    expect(got.data).toMatchObject({ cita: id, mensaje: { texto: 'Hola, ¿a las 21:00?', mio: false } });
    expect((await his.next('mensaje')).data).toMatchObject({ cita: id, mensaje: { mio: true } });
    expect((await hers.next('contador')).data).toMatchObject({ no_leidos: 1 });
    // Reading it in one tab moves the badge in her others.
    expect((await call(t.app, 'GET', `/citas/${id}/mensajes`, escort)).statusCode).toBe(200);
    expect((await hers.next('leida')).data).toEqual({ cita: id });
    expect((await hers.next('contador')).data).toMatchObject({ no_leidos: 0 });
    // Nobody else hears it.
    const stranger = await stream(await approvedClient(t.app));
    await stranger.next('contador');
    expect((await say(escort, id, 'Sí, perfecto.')).statusCode).toBe(201);
    await his.next('mensaje');
    expect(stranger.events.map((e) => e.event)).toEqual(['contador']);
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID, or asks it to reread', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = await acceptedMeeting(t.app, client, escort, chileTime(movableClock(t.app).now(), DAY));
    const first = await stream(escort);
    await say(client, id, 'uno');
    const last = await first.next('mensaje');
    first.close();
    await say(client, id, 'dos');
    await say(client, id, 'tres');
    const again = await stream(escort, { 'last-event-id': last.id! });
    expect((await again.next('mensaje')).data).toMatchObject({ mensaje: { texto: 'dos' } });
    expect((await again.next('mensaje')).data).toMatchObject({ mensaje: { texto: 'tres' } });
    const lost = await stream(escort, { 'last-event-id': '00000000.zz' });
    await lost.next('sincronizar');
    expect(lost.events.some((e) => e.event === 'mensaje')).toBe(false);
  });

  it('forgets a stream whose browser went away', async () => {
    const before = t.app.services.live.accounts;
    const c = await stream(await approvedClient(t.app));
    await c.next('contador');
    expect(t.app.services.live.accounts).toBe(before + 1);
    c.close();
    await expect.poll(() => t.app.services.live.accounts, { timeout: 2000 }).toBe(before);
  });

  it('drops the stream of a reader that stopped reading instead of queueing for it', async () => {
    const client = await approvedClient(t.app);
    const before = t.app.services.live.accounts;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}/api/eventos`, { headers: { accept: 'text/event-stream', ...cookie(client) } }, resolve)
        .on('error', reject),
    );
    res.pause(); // the phone stops reading; the kernel's buffers fill, then the server's
    const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
    expect(t.app.services.live.accounts).toBe(before + 1);
    const texto = 'x'.repeat(1000);
    let sent = 0;
    while (t.app.services.live.accounts > before && sent < 50_000) {
      for (let i = 0; i < 200; i++, sent++)
        t.app.services.live.publish([client.id], {
          tipo: 'mensaje',
          cita: CITA,
          autor: client.id,
          mensaje: { id: sent, texto, fecha: '2026-11-29T01:00:00.000Z' },
        });
      await new Promise((r) => setImmediate(r));
    }
    expect(t.app.services.live.accounts).toBe(before);
    res.destroy();
    await closed;
  });

  it('keeps at most N streams per account: the oldest is told why and closed', async () => {
    const client = await approvedClient(t.app);
    const a = await stream(client);
    await a.next('contador');
    const b = await stream(client);
    await b.next('contador');
    const c = await stream(client);
    expect((await a.next('fin')).data).toEqual({ motivo: 'otra_pestana' });
    await a.ended;
    await c.next('contador');
    expect(b.events.some((e) => e.event === 'fin')).toBe(false);
  });

  it('ends the streams of a session that signed out, at its next check', async () => {
    const client = await approvedClient(t.app);
    const c = await stream(client);
    await c.next('contador');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(client) });
    expect(out.statusCode).toBeLessThan(300);
    movableClock(t.app).advance(1500);
    expect((await c.next('fin')).data).toEqual({ motivo: 'sesion' });
    await c.ended;
  });
});
