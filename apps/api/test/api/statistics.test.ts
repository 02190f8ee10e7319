import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { StatsDay } from '@encanto/core/statistics';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { call, requestOf } from './marketplace-helpers.ts';
import { eq } from 'drizzle-orm';
import { daysBefore } from '../../src/modules/statistics/service.ts';
import { accounts, escortProfiles } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';
import { VISITORS_PER_ADDRESS } from '../../src/modules/statistics/service.ts';
import { DAY, testClock } from './meetings-helpers.ts';

/**
 * Statistics (decision 0095): daily counters per escort (views of her card,
 * favourites added, requests received), aggregates only, for her eyes only.
 */
let t: TestApp;
let escort: FixtureAccount;
let client: FixtureAccount;
/** The days the counters fall in: moved only by the test of the next day, which puts it back. */
const clock = testClock();

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

function view(nick: string, headers: Record<string, string> = {}, who?: FixtureAccount) {
  return t.app.inject({
    method: 'POST',
    url: `/api/usuario/vista/${nick}`,
    headers: { 'user-agent': BROWSER, ...headers, ...(who ? bearer(who) : {}) },
  });
}

async function stats(who: FixtureAccount, dias?: number | string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/usuario/estadisticas${dias === undefined ? '' : `?dias=${dias}`}`,
    headers: bearer(who),
  });
  return res;
}

const today = async (who: FixtureAccount) => {
  const days = (await stats(who)).json() as StatsDay[];
  return days.at(-1)!;
};

describe('counting a view of the card', () => {
  it('counts a person’s view (batched, visible after the flush), not bots, prefetches, the owner or admins', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    for (const res of [
      await view(e.nickname),
      await view(e.nickname, {}, client),
      await view(e.nickname, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
      await view(e.nickname, { 'user-agent': '' }),
      await view(e.nickname, { 'sec-purpose': 'prefetch' }),
      await view(e.nickname, {}, e),
      await view(e.nickname, {}, admin),
    ])
      expect(res.statusCode).toBe(204);
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(2);
  });

  it('counts each visitor once a day: reloads of the same browser add nothing, another address or browser counts', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const from = (remoteAddress: string, ua = BROWSER) =>
      t.app.inject({
        method: 'POST',
        url: `/api/usuario/vista/${e.nickname}`,
        remoteAddress,
        headers: { 'user-agent': ua },
      });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7')).statusCode).toBe(204);
    await from('203.0.113.8');
    await from('203.0.113.7', BROWSER.replace('Android 14', 'Android 13'));
    // A signed-in client counts as herself, from any address.
    await view(e.nickname, {}, client);
    await view(e.nickname, { 'user-agent': BROWSER.replace('Chrome/126', 'Chrome/127') }, client);
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(4);
  });

  it('a hidden or unknown profile counts nothing and reveals nothing (204 alike)', async () => {
    const hidden = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    expect((await view(hidden.nickname)).statusCode).toBe(204);
    expect((await view('nadie-asi')).statusCode).toBe(204);
    await t.app.viewCounter.flush();
    expect((await today(hidden)).vistas).toBe(0);
  });
});

function tap(
  nick: string,
  headers: Record<string, string> = {},
  who?: FixtureAccount,
  method: 'GET' | 'HEAD' = 'GET',
) {
  return t.app.inject({
    method,
    url: `/contacto/${encodeURIComponent(nick)}`,
    headers: { 'user-agent': BROWSER, ...headers, ...(who ? bearer(who) : {}) },
  });
}

describe('one address adds at most a few visitors a day: another browser name is not another person', () => {
  /** A different, plausible User-Agent for each request: what a script rotating its browser name sends. */
  const rotated = (i: number) => BROWSER.replace('Chrome/126', `Chrome/${100 + i}.0.${i * 7}.${i}`);
  const from = (kind: 'view' | 'tap', nick: string, remoteAddress: string, ua: string) =>
    t.app.inject({
      method: kind === 'view' ? 'POST' : 'GET',
      url: kind === 'view' ? `/api/usuario/vista/${nick}` : `/contacto/${nick}`,
      remoteAddress,
      headers: { 'user-agent': ua },
    });

  it('40 views from one address, each with another User-Agent, add at most the cap (not 40)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 40; i++)
      expect((await from('view', e.nickname, '198.51.100.20', rotated(i))).statusCode).toBe(204);
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(VISITORS_PER_ADDRESS);
    // Another address is other people: it still counts, up to its own cap.
    for (let i = 0; i < 5; i++) await from('view', e.nickname, '198.51.100.21', rotated(i));
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(2 * VISITORS_PER_ADDRESS);
  });

  it('the same for WhatsApp taps, which redirect every time but count at most the cap', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 40; i++)
      expect((await from('tap', e.nickname, '198.51.100.30', rotated(i))).statusCode).toBe(302);
    await t.app.viewCounter.flush();
    expect(await today(e)).toMatchObject({ clics_whatsapp: VISITORS_PER_ADDRESS, vistas: 0 });
  });

  it('signed-in accounts from one address share its cap too (accounts are cheap to make)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const clients = await Promise.all(
      Array.from({ length: VISITORS_PER_ADDRESS + 2 }, () => createAccount(t.app, { kind: 'client' })),
    );
    for (const c of clients)
      await t.app.inject({
        method: 'POST',
        url: `/api/usuario/vista/${e.nickname}`,
        remoteAddress: '198.51.100.40',
        headers: { 'user-agent': BROWSER, ...bearer(c) },
      });
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(VISITORS_PER_ADDRESS);
  });

  it('an IPv6 /64 is one address (one home or phone), another /64 is another', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 20; i++)
      await from('view', e.nickname, `2001:db8:0:7::${(i + 1).toString(16)}`, rotated(i));
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(VISITORS_PER_ADDRESS);
    await from('view', e.nickname, '2001:db8:0:8::1', BROWSER);
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(VISITORS_PER_ADDRESS + 1);
  });

  it('the cap is per escort and per day: her neighbour’s card, or tomorrow, count again', async () => {
    const [e, neighbour] = await Promise.all([
      createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
      createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
    ]);
    const ip = '198.51.100.50';
    for (let i = 0; i < 10; i++) {
      await from('view', e.nickname, ip, rotated(i));
      await from('view', neighbour.nickname, ip, rotated(i));
    }
    await t.app.viewCounter.flush();
    expect((await today(e)).vistas).toBe(VISITORS_PER_ADDRESS);
    expect((await today(neighbour)).vistas).toBe(VISITORS_PER_ADDRESS);
    clock.advance(DAY);
    try {
      for (let i = 0; i < 10; i++) await from('view', e.nickname, ip, rotated(i));
      await t.app.viewCounter.flush();
      const [yesterday, next] = ((await stats(e, 2)).json() as StatsDay[]).map((d) => d.vistas);
      expect([yesterday, next]).toEqual([VISITORS_PER_ADDRESS, VISITORS_PER_ADDRESS]);
    } finally {
      clock.set(new Date());
    }
  });
});

describe('GET /contacto/{nickname}: the WhatsApp button', () => {
  it('redirects to her wa.me chat, uncached, and counts a person’s tap (batched)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await t.app.db.update(accounts).set({ fono: '987654321' }).where(eq(accounts.id, e.id));
    const res = await tap(e.nickname.toUpperCase());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://wa.me/56987654321');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    await tap(e.nickname, {}, client);
    await t.app.viewCounter.flush();
    expect(await today(e)).toMatchObject({ clics_whatsapp: 2, vistas: 0 });
  });

  it('taps again from the same browser the same day are redirected but counted once', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 4; i++) expect((await tap(e.nickname)).statusCode).toBe(302);
    await tap(e.nickname, {}, client);
    await tap(e.nickname, {}, client);
    await t.app.viewCounter.flush();
    expect(await today(e)).toMatchObject({ clics_whatsapp: 2, vistas: 0 });
  });

  it('the owner, admins, bots, prefetches and HEAD requests are redirected but not counted', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    for (const res of [
      await tap(e.nickname, {}, e),
      await tap(e.nickname, {}, admin),
      // The card's link opens in a new tab: what identifies her there is the session cookie.
      await tap(e.nickname, { cookie: `${SESSION_COOKIE}=${e.token}` }),
      await tap(e.nickname, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
      await tap(e.nickname, { 'user-agent': 'WhatsApp/2.23.20 A' }),
      await tap(e.nickname, { 'user-agent': '' }),
      await tap(e.nickname, { 'sec-purpose': 'prefetch' }),
      await tap(e.nickname, { 'sec-purpose': 'prefetch;prerender' }),
      await tap(e.nickname, { purpose: 'prefetch' }),
      await tap(e.nickname, {}, undefined, 'HEAD'),
    ]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://wa.me/56912345678');
    }
    await t.app.viewCounter.flush();
    expect((await today(e)).clics_whatsapp).toBe(0);
  });

  it('unknown, pending and paused profiles are a 404 that counts nothing and reveals no phone', async () => {
    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    const paused = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await t.app.db
      .update(escortProfiles)
      .set({ paused: true })
      .where(eq(escortProfiles.accountId, paused.id));
    await syncEscortVisibility(t.app.db, paused.id, t.app.services.clock.now());
    for (const nick of ['nadie-asi', pending.nickname, paused.nickname, client.nickname, 'x'.repeat(80)]) {
      const res = await tap(nick);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    await t.app.viewCounter.flush();
    expect((await today(pending)).clics_whatsapp).toBe(0);
    expect((await today(paused)).clics_whatsapp).toBe(0);
  });

  it('robots.txt keeps crawlers out of /contacto/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Disallow: /contacto/\n');
  });
});

describe('favourites and requests are counted with their event', () => {
  it('a new favourite counts once (adding twice is idempotent); a meeting request counts', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const body = { nick_usuario: e.nickname, rut_cliente: client.rut };
    expect((await call(t.app, 'POST', '/favorites/agregar', client, body)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/favorites/agregar', client, body)).statusCode).toBe(200);
    const req = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, e));
    expect(req.statusCode).toBeLessThan(300);
    const day = await today(e);
    expect(day).toMatchObject({ favoritos: 1, solicitudes: 1 });
  });
});

describe('GET /api/usuario/estadisticas', () => {
  it('30 Chile days by default, oldest first, zeros where nothing happened', async () => {
    const res = await stats(escort);
    expect(res.statusCode).toBe(200);
    const days = res.json() as StatsDay[];
    expect(days).toHaveLength(30);
    const now = todayInChile(new Date());
    expect(days.at(-1)!.fecha).toBe(now);
    expect(days[0]!.fecha).toBe(daysBefore(now, 29));
    expect(days[0]).toEqual({
      fecha: daysBefore(now, 29),
      vistas: 0,
      clics_whatsapp: 0,
      favoritos: 0,
      solicitudes: 0,
    });
    expect(((await stats(escort, 60)).json() as StatsDay[]).length).toBe(60);
  });

  it('dias out of 1..90 is a 400 in Spanish', async () => {
    for (const bad of [0, 91, 'x']) {
      const res = await stats(escort, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ mensaje: msg.statsDays });
    }
  });

  it('only an escort, about herself: 401 without a session, 403 for a client; each sees her own', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/usuario/estadisticas' })).statusCode).toBe(401);
    expect((await stats(client)).statusCode).toBe(403);
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await view(escort.nickname);
    await t.app.viewCounter.flush();
    expect((await today(other)).vistas).toBe(0);
  });
});

describe('calendar helpers', () => {
  it('daysBefore crosses months and years', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
  });
});
