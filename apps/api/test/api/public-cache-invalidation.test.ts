import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { timings } from '@encanto/core/constants';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { movableClock, testClock } from '../helpers/clock.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { startRedis, type TestRedis } from '../helpers/redis.ts';

/**
 * Two app instances on one database, as behind a load balancer: A takes the
 * writes, B serves the reads from its own public cache. A third instance
 * without REDIS_URL shows what B would do without the invalidation.
 */
const METRICS = 'metrics-token-0123456789';
let redis: TestRedis;
let a: TestApp;
let b: FastifyInstance;
let alone: FastifyInstance;

async function instance(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: a.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DOCUMENT_KEY: a.config.documentKey!,
    ...env,
  });
  // A stopped clock the test moves to the cache's lifetime's edge instead of waiting for it.
  const app = await buildApp({ config, database: a.database, services: { clock: testClock() } });
  await app.ready();
  return app;
}

beforeAll(async () => {
  redis = await startRedis();
  a = await createTestApp({ env: { REDIS_URL: redis.url } });
  b = await instance({ REDIS_URL: redis.url, METRICS_TOKEN: METRICS });
  alone = await instance({});
});
afterAll(async () => {
  await b?.close();
  await alone?.close();
  await a?.close();
  await redis?.stop();
});

const cityOf = async (app: FastifyInstance, e: FixtureAccount) =>
  ((await app.inject('/api/usuario/ciudad/Temuco')).json() as { nickname: string; apellido: string }[]).find(
    (c) => c.nickname === e.nickname,
  )?.apellido;
const cardOf = async (app: FastifyInstance, e: FixtureAccount) =>
  ((await app.inject(`/api/usuario/publico/${e.nickname}`)).json() as { apellido?: string }).apellido;

const rename = async (e: FixtureAccount, apellido: string) => {
  const res = await a.app.inject({
    method: 'PUT',
    url: '/api/usuario/modificar',
    headers: bearer(e),
    payload: {
      rut_usuario: e.rut,
      apellido,
      fono: '987654321',
      url: e.url,
      medidas: '90/60/90',
      legenda: 'Hola.',
    },
  });
  expect(res.statusCode).toBe(200);
};

/** Milliseconds until `read` returns `expected`, polling every 5 ms, or -1 after `limitMs`. */
async function visibleAfter(
  read: () => Promise<unknown>,
  expected: unknown,
  limitMs: number,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await read()) === expected) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
  return -1;
}

/** Waits until B has applied every message A sent (earlier tests' messages must not land in this one). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (b.services.invalidation!.received < a.app.services.invalidation!.published) {
    if (Date.now() > deadline) throw new Error('B never received the invalidations A sent');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('public cache invalidation across instances (Redis pub/sub)', () => {
  it('a profile change made through A reaches B at once; without Redis only after the 5 s lifetime', async () => {
    const e = await createAccount(a.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    await rename(e, 'Antes');
    await settled();
    // B and the lone instance cache the listing and the card with the old name.
    for (const app of [b, alone]) {
      expect(await cityOf(app, e)).toBe('Antes');
      expect(await cardOf(app, e)).toBe('Antes');
    }
    const sent = a.app.services.invalidation!.published;
    await rename(e, 'Despues');
    expect(a.app.services.invalidation!.published).toBe(sent + 1);
    // B's clock has not moved, so its cached copies are within their lifetime: seeing the new name
    // proves the message emptied them, however long a loaded CI machine takes to deliver it (the wait
    // is a hang guard). Between processes the reliability suite holds the delay to 200 ms.
    expect(await visibleAfter(() => cityOf(b, e), 'Despues', 20_000)).toBeGreaterThanOrEqual(0);
    expect(await visibleAfter(() => cardOf(b, e), 'Despues', 20_000)).toBeGreaterThanOrEqual(0);
    expect(await cityOf(alone, e)).toBe('Antes');
    expect(await cardOf(alone, e)).toBe('Antes');
    const scraped = await b.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } });
    const received = /^encanto_public_cache_invalidations_total\{direction="received"\} (\d+)$/m.exec(
      scraped.body,
    );
    expect(Number(received?.[1])).toBe(b.services.invalidation!.received);
    expect(Number(received?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('a refused write publishes nothing: B keeps its cache', async () => {
    const e = await createAccount(a.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    await settled();
    await cityOf(b, e);
    const sent = a.app.services.invalidation!.published;
    const hits = b.services.publicCache.hits;
    const refused = await a.app.inject({
      method: 'PUT',
      url: '/api/usuario/modificar',
      headers: bearer(e),
      payload: { rut_usuario: e.rut, apellido: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(a.app.services.invalidation!.published).toBe(sent);
    await cityOf(b, e);
    expect(b.services.publicCache.hits).toBe(hits + 1);
  });

  it('Redis down: writes still succeed and B is fresh within the 5 s lifetime; back up, B clears its cache and invalidations flow again', async () => {
    const e = await createAccount(a.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    await rename(e, 'Uno');
    await settled();
    expect(await cityOf(b, e)).toBe('Uno');
    await redis.stop();
    const started = performance.now();
    await rename(e, 'Dos');
    // The write does not wait for Redis: ioredis would hold a queued command for its reconnect delays
    // (seconds each, 20 tries); 5 s leaves a loaded CI machine room and still tells the two apart.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await cityOf(b, e)).toBe('Uno');
    // Without the message B keeps the old name for the cache's lifetime, and not longer.
    movableClock(b).advance(timings.listingCacheMs - 1);
    expect(await cityOf(b, e)).toBe('Uno');
    movableClock(b).advance(1);
    expect(await cityOf(b, e)).toBe('Dos');

    // B caches 'Dos'; while Redis is still down A renames again: that message is lost.
    await rename(e, 'Tres');
    expect(await cityOf(b, e)).toBe('Dos');
    await redis.start();
    // On reconnecting, B drops what it may have missed (ioredis retries within about 2 s).
    expect(await visibleAfter(() => cityOf(b, e), 'Tres', 15_000)).toBeGreaterThanOrEqual(0);
    const received = b.services.invalidation!.received;
    const deadline = Date.now() + 15_000;
    // A's publisher reconnects too; then a rename reaches B again.
    while (b.services.invalidation!.received === received && Date.now() < deadline) {
      await rename(e, `Cuatro`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(b.services.invalidation!.received).toBeGreaterThan(received);
    expect(await cityOf(b, e)).toBe('Cuatro');
  }, 90_000);
});
