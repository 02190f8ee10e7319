import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { addDays, visitRange } from '@encanto/core/touring-dates';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, queuedMails, type FixtureAccount } from '../helpers/fixtures.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { call } from './marketplace-helpers.ts';
import { testClock } from './meetings-helpers.ts';

/**
 * Favourite-visit notices (decision 0170): a client whose comuna (or the one he chose) is inside a visit a
 * favourite announces gets one notice, by mail and push per his switches; never twice for the same visit,
 * none for a visit under way for more than a day.
 */
let t: TestApp;
const clock = testClock(new Date('2026-11-29T15:00:00Z'));
const today = todayInChile(clock.now());
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const gira = (escort: FixtureAccount, visitas: { ciudad: string; desde: string; hasta: string }[]) =>
  call(t.app, 'PUT', '/usuario/gira', escort, visitas);
const favourite = async (client: FixtureAccount, escort: FixtureAccount) =>
  expect(
    (
      await call(t.app, 'POST', '/favorites/agregar', client, {
        nick_usuario: escort.nickname,
        rut_cliente: client.rut,
      })
    ).statusCode,
  ).toBe(200);
const visitMails = (to: string) => queuedMails(t.app, to, 'visitas');
const visitPushes = (accountId: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.accountId, accountId))
    .then((rows) => rows.filter((r) => r.kind === 'visitas' && r.channel === 'push'));

describe('a favourite announces a visit to his comuna', () => {
  it('sends one mail with her words, and never again for the same visit', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    const fan = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Valparaíso' });
    const elsewhere = await createAccount(t.app, {
      kind: 'client',
      autorizado: 'aprobado',
      ciudad: 'Temuco',
    });
    const notFan = await createAccount(t.app, {
      kind: 'client',
      autorizado: 'aprobado',
      ciudad: 'Valparaíso',
    });
    await favourite(fan, escort);
    await favourite(elsewhere, escort);
    const visit = { ciudad: 'Valparaíso', desde: addDays(today, 4), hasta: addDays(today, 6) };
    const res = await gira(escort, [visit]);
    expect(res.statusCode, res.body).toBe(200);
    const [mail, ...more] = await visitMails(fan.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(
      `${escort.nickname} estará de visita en Valparaíso ${visitRange(visit.desde, visit.hasta)}`,
    );
    expect(mail!.text).toContain(`/Card/${escort.nickname}`);
    expect(mail!.headers['List-Unsubscribe']).toContain('/api/cuenta/notificaciones/baja?t=');
    expect(await visitMails(elsewhere.email)).toEqual([]);
    expect(await visitMails(notFan.email)).toEqual([]);

    // Saved again (the list is replaced), and with a later last day: the same visit, nothing more.
    await gira(escort, [visit]);
    await gira(escort, [{ ...visit, hasta: addDays(today, 8) }]);
    expect(await visitMails(fan.email)).toHaveLength(1);
    // Another visit (another start) is news.
    await gira(escort, [
      { ...visit, hasta: addDays(today, 8) },
      { ciudad: 'Valparaíso', desde: addDays(today, 20), hasta: addDays(today, 21) },
    ]);
    expect(await visitMails(fan.email)).toHaveLength(2);
  });

  it('follows the comuna he chose for visits, and none for a visit under way for more than a day', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    const fan = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Santiago' });
    await favourite(fan, escort);
    const chosen = await call(t.app, 'PUT', '/cuenta/notificaciones/ciudad-visitas', fan, {
      ciudad: 'vina del mar',
    });
    expect(chosen.json()).toEqual({ ciudad: 'Viña del Mar', propia: 'Santiago' });
    const visit = { ciudad: 'Viña del Mar', desde: today, hasta: addDays(today, 5) };
    expect((await gira(escort, [visit])).statusCode).toBe(200);
    expect(await visitMails(fan.email)).toHaveLength(1);

    // Fans who arrive while the visit runs: told on her next save only while it began at most a day ago.
    const late = await createAccount(t.app, {
      kind: 'client',
      autorizado: 'aprobado',
      ciudad: 'Viña del Mar',
    });
    const later = await createAccount(t.app, {
      kind: 'client',
      autorizado: 'aprobado',
      ciudad: 'Viña del Mar',
    });
    await favourite(late, escort);
    try {
      clock.advance(24 * 3_600_000);
      expect((await gira(escort, [visit])).statusCode).toBe(200);
      expect(await visitMails(late.email)).toHaveLength(1);
      await favourite(later, escort);
      clock.advance(24 * 3_600_000);
      expect((await gira(escort, [visit])).statusCode).toBe(200);
      expect(await visitMails(later.email)).toEqual([]);
    } finally {
      clock.set(new Date('2026-11-29T15:00:00Z'));
    }
    expect(await visitMails(fan.email)).toHaveLength(1);
    // Back to his own comuna.
    const back = await call(t.app, 'PUT', '/cuenta/notificaciones/ciudad-visitas', fan, { ciudad: null });
    expect(back.json()).toEqual({ ciudad: null, propia: 'Santiago' });
  });

  it('respects his switches: mail off sends no mail; push goes per the push switch', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    const fan = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Talca' });
    await favourite(fan, escort);
    await call(t.app, 'PUT', '/cuenta/notificaciones', fan, { visitas: false });
    const sub = await call(t.app, 'POST', '/push/suscripciones', fan, {
      endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      keys: { p256dh: pushKey(), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    await call(t.app, 'PUT', '/cuenta/notificaciones/push', fan, { detalles: true });
    await gira(escort, [{ ciudad: 'Talca', desde: addDays(today, 2), hasta: addDays(today, 2) }]);
    expect(await visitMails(fan.email)).toEqual([]);
    const [push] = await visitPushes(fan.id);
    expect(JSON.parse(push!.text)).toMatchObject({
      body: `${escort.nickname} estará de visita en Talca ${visitRange(addDays(today, 2), addDays(today, 2))}`,
      url: `/Card/${escort.nickname}`,
    });
  });

  it('tells no one she blocked', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    const fan = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Osorno' });
    await favourite(fan, escort);
    const blocked = await call(t.app, 'POST', '/bloqueos', escort, { nickname_cliente: fan.nickname });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await gira(escort, [{ ciudad: 'Osorno', desde: addDays(today, 2), hasta: addDays(today, 3) }]);
    expect(await visitMails(fan.email)).toEqual([]);
  });
});

describe('the comuna for visit notices', () => {
  it("refuses a comuna outside the catalogue in Spanish, and is the client's alone", async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Santiago' });
    const bad = await call(t.app, 'PUT', '/cuenta/notificaciones/ciudad-visitas', client, {
      ciudad: 'Atlantis',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe(msg.visitCityInvalid);
    expect((await call(t.app, 'GET', '/cuenta/notificaciones/ciudad-visitas', client)).json()).toEqual({
      ciudad: null,
      propia: 'Santiago',
    });
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    expect((await call(t.app, 'GET', '/cuenta/notificaciones/ciudad-visitas', escort)).statusCode).toBe(403);
  });
});

function pushKey(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey('base64url');
}
