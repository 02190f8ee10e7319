import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@encanto/core/messages';
import { accountLimits } from '../../src/modules/accounts/rate-limits.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { freshIp, redisEnv } from './rate-limit-helpers.ts';

/**
 * The meeting-state reads are rate limited: a signed-in party counts per session (120 a minute, the
 * lookup's pace, no daily cap: the card polls its state while open), and a request without a session
 * counts on the account lookups' per-address counters (120 a minute, 2,000 a day), as
 * accounts-rate-limit.test.ts checks for the availability routes. Rate limits are on (the default);
 * each test uses its own addresses; with REDIS_URL the counters are in Redis.
 */
let t: TestApp;
let client: FixtureAccount;
let escort: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp({ env: redisEnv });
  [client, escort] = await Promise.all([
    createAccount(t.app, { kind: 'client', autorizado: 'aprobado' }),
    createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const stateReads = [
  ['POST', '/api/appointments/existe'],
  ['GET', '/api/appointments/verificar-acceso'],
  ['GET', '/api/appointments/estado-comentado'],
  ['GET', '/api/appointments/click-activo'],
  ['GET', '/api/appointments/estado'],
  ['POST', '/api/conversacion/existe'],
  ['GET', '/api/conversacion-cliente/estado-comentado'],
  ['GET', '/api/conversacion-cliente/click'],
  ['POST', '/api/conversacion-cliente/existe-cliente'],
] as const;

/** A read of the client's pair with `nick`, from `ip`; without a pair it is refused by validation (cheap, still counted). */
function readState(
  i: number,
  ip: string,
  nick: string | null = escort.nickname,
  who: { token: string } = client,
) {
  const [method, url] = stateReads[i % stateReads.length]!;
  const pair = nick === null ? undefined : { nickname_usuario: nick, nickname_cliente: client.nickname };
  const headers = bearer(who);
  if (method === 'GET')
    return t.app.inject({
      method,
      url: pair ? `${url}?${new URLSearchParams(pair)}` : url,
      headers,
      remoteAddress: ip,
    });
  return t.app.inject({ method, url, headers, remoteAddress: ip, ...(pair ? { payload: pair } : {}) });
}

const anonymousRead = (ip: string) =>
  t.app.inject({ method: 'GET', url: '/api/appointments/estado', remoteAddress: ip });

const accountLookup = (ip: string) =>
  t.app.inject({ url: '/api/cliente/validar/nickname/libre1', remoteAddress: ip });

describe('the meeting-state reads are rate limited', () => {
  it('a session reads 120 a minute, then 429, without using up its address’s lookups', async () => {
    const ip = freshIp();
    const session = {
      token: await createSession(t.app.db, client.id, t.app.services.clock.now(), { secondFactor: true }),
    };
    const { max } = accountLimits.lookupPerIp;
    for (let i = 0; i < max; i++) {
      const res = await readState(i, ip, i % 2 ? escort.nickname : `nadie${i}`, session);
      expect([200, 404], res.body).toContain(res.statusCode);
    }
    for (let i = 0; i < stateReads.length; i++) {
      const res = await readState(i, freshIp(), escort.nickname, session);
      expect(res.statusCode, stateReads[i]![1]).toBe(429);
      expect(res.json()).toEqual({ mensaje: msg.rateLimited, code: 'RATE_LIMITED' });
    }
    // Someone registering behind the same address (a carrier's NAT) is not locked out by the poll.
    expect((await accountLookup(ip)).statusCode).toBe(404);
  });

  it('a script probing nicknames without a session is counted too (the limit runs before anything else)', async () => {
    const ip = freshIp();
    for (let i = 0; i < accountLimits.lookupPerIp.max; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/appointments/estado', remoteAddress: ip });
      expect(res.statusCode).not.toBe(429);
    }
    expect((await anonymousRead(ip)).statusCode).toBe(429);
    expect((await accountLookup(ip)).statusCode).toBe(429);
  });

  // The daily cap needs a clock that moves a day; Redis keeps real time, so this runs in memory only.
  it.runIf(!process.env.REDIS_URL)(
    'without a session, a daily cap per address shared with the account lookups',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const ip = freshIp();
        const perMinute = accountLimits.lookupPerIp.max;
        let done = 0;
        while (done < accountLimits.lookupPerIpDaily.max) {
          // A new minute each round: only the daily counter keeps growing.
          vi.setSystemTime(Date.now() + 61_000);
          for (let i = 0; i < perMinute && done < accountLimits.lookupPerIpDaily.max; i++, done++) {
            // No session and no pair: refused by validation after the limit counted it.
            expect((await anonymousRead(ip)).statusCode).toBe(400);
          }
        }
        vi.setSystemTime(Date.now() + 61_000);
        expect((await anonymousRead(ip)).statusCode).toBe(429);
        expect((await accountLookup(ip)).statusCode).toBe(429);
      } finally {
        vi.useRealTimers();
      }
    },
    60_000,
  );
});
