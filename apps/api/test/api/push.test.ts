import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, type FixtureAccount } from '../helpers/fixtures.ts';
import { fakeBrowser, startPushReceiver } from '../helpers/push-receiver.ts';
import { mailOutbox, pushSubscriptions } from '../../src/db/schema/index.ts';
import { createPushTransport } from '../../src/infra/push/transport.ts';
import { generateVapidKeys } from '../../src/infra/push/vapid.ts';
import { PUSH_MAX_ATTEMPTS } from '../../src/modules/mail/worker.ts';
import { approvedClient, approvedEscort, call, pairOf } from './marketplace-helpers.ts';
import { chileTime, DAY, requestBody, testClock } from './meetings-helpers.ts';

/**
 * Web Push (decisions 0168, 0169): the subscription API and its host allowlist, and notices sent end to end
 * through the outbox to a push service on loopback (HTTPS), which decrypts them with the browser's keys.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const clock = testClock(new Date('2026-05-04T16:00:00Z'));
const vapid = generateVapidKeys();

beforeAll(async () => {
  receiver = await startPushReceiver();
  const hosts = ['fcm.googleapis.com', '*.push.apple.com', receiver.host];
  t = await createTestApp({
    env: {
      PUSH_HOSTS: hosts.join(','),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
    services: {
      clock,
      pushTransport: createPushTransport(
        { push: { vapid, subject: 'mailto:soporte@encanto.local', hosts } },
        vapid,
        { agent: receiver.agent },
      ),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const subscribe = (who: FixtureAccount | null, body: unknown) =>
  call(t.app, 'POST', '/push/suscripciones', who, body);
const fcm = (id = crypto.randomUUID()) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
  keys: fakeBrowser().keys,
});
const ask = (client: FixtureAccount, escort: FixtureAccount) =>
  call(
    t.app,
    'POST',
    '/appointments/solicitar',
    client,
    requestBody(client, escort, chileTime(clock.now(), DAY)),
  );
const pushRows = (accountId: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.accountId, accountId))
    .then((rows) => rows.filter((r) => r.channel === 'push'));

describe('the public key and subscriptions', () => {
  it('answers the VAPID public key to anyone', async () => {
    const res = await call(t.app, 'GET', '/push/clave-publica', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clave: vapid.publicKey });
  });

  it('stores one subscription per device and session, lists it, and removes it', async () => {
    const client = await approvedClient(t.app);
    const first = fcm();
    const res = await subscribe(client, first);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    // The same browser again (new keys): still one row.
    expect((await subscribe(client, { ...first, keys: fakeBrowser().keys })).json()).toEqual({ id });
    // Another endpoint from the same session (the browser renewed its subscription): replaces it.
    const renewed = fcm();
    const second = (await subscribe(client, renewed)).json<{ id: string }>().id;
    const list = (await call(t.app, 'GET', '/push/suscripciones', client)).json<
      { id: string; sesion: string }[]
    >();
    expect(list.map((s) => s.id)).toEqual([second]);
    expect(list[0]!.sesion).toMatch(/^[0-9a-f-]{36}$/);

    const other = await approvedClient(t.app);
    // Someone else's subscription answers as a missing one.
    const foreign = await call(t.app, 'DELETE', `/push/suscripciones/${second}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().mensaje).toBe(msg.pushSubscriptionNotFound);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/suscripciones',
      headers: bearer(client),
      payload: { endpoint: renewed.endpoint },
    });
    expect(gone.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/push/suscripciones', client)).json()).toEqual([]);
    expect((await call(t.app, 'DELETE', `/push/suscripciones/${second}`, client)).statusCode).toBe(404);
  });

  it('refuses endpoints off the allowlist with a Spanish 400, so the server never calls them', async () => {
    const client = await approvedClient(t.app);
    for (const endpoint of [
      'https://evil.example/push/1',
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'https://push.apple.com/x', // `*.push.apple.com` covers subdomains only
    ]) {
      const res = await subscribe(client, { ...fcm(), endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({ code: 'PUSH_HOST_REFUSED', mensaje: msg.pushHostRefused });
    }
    expect(
      (await subscribe(client, { ...fcm(), endpoint: 'https://api.push.apple.com/3/device/x' })).statusCode,
    ).toBe(201);
    expect((await call(t.app, 'GET', '/push/suscripciones', client)).json()).toHaveLength(1);
  });

  it('refuses malformed bodies and keys with Spanish messages, never a 500', async () => {
    const client = await approvedClient(t.app);
    const cases: [unknown, string][] = [
      [{}, msg.pushEndpointInvalid],
      [{ endpoint: 'no es una url', keys: fakeBrowser().keys }, msg.pushEndpointInvalid],
      [{ endpoint: fcm().endpoint }, msg.pushKeysInvalid],
      [{ endpoint: fcm().endpoint, keys: { p256dh: 'x', auth: 'y' } }, msg.pushKeysInvalid],
      // The right lengths, but not a P-256 point (its first byte is not 4).
      [
        { endpoint: fcm().endpoint, keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) } },
        msg.pushKeysInvalid,
      ],
    ];
    for (const [body, mensaje] of cases) {
      const res = await subscribe(client, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().mensaje, JSON.stringify(body)).toBe(mensaje);
    }
  });

  it('needs a session', async () => {
    expect((await subscribe(null, fcm())).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/push/suscripciones', null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/cuenta/notificaciones/push', null)).statusCode).toBe(401);
  });

  it("goes with its session: signing out stops the device's notices", async () => {
    const client = await approvedClient(t.app);
    await subscribe(client, fcm());
    expect(
      await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, client.id)),
    ).toHaveLength(1);
    expect((await call(t.app, 'POST', '/logout', client)).statusCode).toBeLessThan(300);
    expect(
      await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, client.id)),
    ).toEqual([]);
  });
});

describe('notices delivered end to end', () => {
  it("a request reaches the escort's device: discreet, encrypted for her, signed with our VAPID key", async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const { body } = receiver.subscription();
    expect((await subscribe(escort, body)).statusCode).toBe(201);
    const before = receiver.received.length;
    expect((await ask(client, escort)).statusCode).toBe(201);
    const [push] = (await receiver.until(before + 1)).slice(before);
    expect(JSON.parse(push!.payload)).toEqual({
      title: 'Encanto',
      body: 'Tienes una novedad en Encanto',
      url: '/panel/solicitudes',
      tag: expect.stringMatching(/^cita-/),
    });
    expect(push!.vapid).toMatchObject({
      key: vapid.publicKey,
      aud: `https://${receiver.host}`,
      sub: 'mailto:soporte@encanto.local',
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBe(86_400);
    await t.app.background.mail.drain();
    const [row] = await pushRows(escort.id);
    expect(row).toMatchObject({ kind: 'solicitudes', to: receiver.host });
    expect(row!.sentAt).not.toBeNull();
  });

  it('with "Mostrar detalles" on, says what happened; a kind turned off sends nothing by push', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    expect((await subscribe(client, receiver.subscription().body)).statusCode).toBe(201);
    const put = await call(t.app, 'PUT', '/cuenta/notificaciones/push', client, { detalles: true });
    expect(put.json()).toMatchObject({ detalles: true, respuestas: true });
    expect((await ask(client, escort)).statusCode).toBe(201);
    const before = receiver.received.length;
    const accepted = await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [push] = (await receiver.until(before + 1)).slice(before);
    const payload = JSON.parse(push!.payload) as { body: string; url: string };
    expect(payload.body).toBe('Aceptaron tu solicitud de cita.');
    expect(payload.url).toMatch(/^\/Cita\//);

    // Mensajes off by push: the mail still goes (its own switch), no push row.
    await call(t.app, 'PUT', '/cuenta/notificaciones/push', client, { mensajes: false });
    const rows = (await pushRows(client.id)).length;
    const meetingId = payload.url.split('/').pop()!;
    clock.advance(20 * 60_000);
    const sent = await call(t.app, 'POST', `/citas/${meetingId}/mensajes`, escort, {
      texto: 'Hola, te espero.',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect((await pushRows(client.id)).length).toBe(rows);
  });

  it('retries a failed send with back-off, and a 410 removes the subscription and its queued notices', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    expect((await subscribe(escort, receiver.subscription().body)).statusCode).toBe(201);
    receiver.answerNext(500);
    const asked = await ask(client, escort);
    expect(asked.statusCode, asked.body).toBe(201);
    await t.app.background.mail.drain();
    const [failed] = await pushRows(escort.id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    const before = receiver.received.length;
    clock.advance(60_000);
    await t.app.background.mail.drain();
    await receiver.until(before + 1);
    expect((await pushRows(escort.id))[0]!.sentAt).not.toBeNull();

    // The push service says the subscription is gone.
    receiver.answerNext(410);
    const other = await approvedClient(t.app);
    await ask(other, escort);
    await t.app.background.mail.drain();
    expect((await call(t.app, 'GET', '/push/suscripciones', escort)).json()).toEqual([]);
    expect(await pushRows(escort.id)).toHaveLength(0);
    expect(PUSH_MAX_ATTEMPTS).toBeLessThan(8);
  });
});

describe('the data export', () => {
  it('lists the devices that get notices and the push switches, never the endpoint or keys', async () => {
    const client = await approvedClient(t.app);
    const sub = fcm();
    await subscribe(client, sub);
    const res = await call(t.app, 'GET', '/cuenta/exportar', client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avisos_en_el_telefono).toMatchObject({
      detalles: false,
      dispositivos: [{ creado_el: expect.any(String), ultimo_envio: null }],
    });
    expect(res.body).not.toContain(sub.endpoint);
  });
});

describe('the check-in reminder', () => {
  it('reaches her phone too, urgently, and a tap opens her panel', async () => {
    const escort = await approvedEscort(t.app);
    expect((await subscribe(escort, receiver.subscription().body)).statusCode).toBe(201);
    await call(t.app, 'PUT', '/cuenta/notificaciones/push', escort, { detalles: true });
    const vence = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    const started = await call(t.app, 'POST', '/usuario/seguridad/checkin', escort, {
      vence,
      contacto_email: `contacto${Date.now().toString(36)}@correo.cl`,
    });
    expect(started.statusCode, started.body).toBe(201);
    clock.advance(21 * 60_000);
    const before = receiver.received.length;
    await t.app.background.sweepCheckins();
    const [push] = (await receiver.until(before + 1)).slice(before);
    expect(JSON.parse(push!.payload)).toMatchObject({
      body: 'Tu check-in de seguridad vence en 10 minutos. Confírmalo si estás bien.',
      url: '/panel',
      tag: 'checkin',
    });
    expect(push!.headers.urgency).toBe('high');
  });
});

describe('push preferences', () => {
  it('start all on with details off, change only what is sent, refuse an empty change', async () => {
    const escort = await approvedEscort(t.app);
    const initial = await call(t.app, 'GET', '/cuenta/notificaciones/push', escort);
    expect(initial.json()).toEqual({
      solicitudes: true,
      respuestas: true,
      mensajes: true,
      comentarios: true,
      visitas: true,
      busquedas: true,
      recordatorios: true,
      detalles: false,
    });
    const changed = await call(t.app, 'PUT', '/cuenta/notificaciones/push', escort, { solicitudes: false });
    expect(changed.json()).toMatchObject({ solicitudes: false, mensajes: true, detalles: false });
    const empty = await call(t.app, 'PUT', '/cuenta/notificaciones/push', escort, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe(msg.invalidInput);
    const wrong = await call(t.app, 'PUT', '/cuenta/notificaciones/push', escort, { detalles: 'sí' });
    expect(wrong.statusCode).toBe(400);
  });
});
