import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@encanto/core/messages';
import { accountLimits } from '../../src/modules/accounts/rate-limits.ts';
import { passwordGuardLimits } from '../../src/modules/accounts/password-guard.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { clientPayload } from './accounts-helpers.ts';
import { freshIp, redisEnv } from './rate-limit-helpers.ts';

// Rate limits on (the default): each test uses its own client addresses so counters do not mix.
// With REDIS_URL set the whole file counts in Redis.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: redisEnv });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** The eleven availability and account-search routes, one URL each. */
const lookups = [
  '/api/cliente/validar/rut/12.345.678-5',
  '/api/usuario/validar/rut/12.345.678-5',
  '/api/cliente/validar/nickname/libre1',
  '/api/usuario/validar/nickname/libre1',
  '/api/cliente/validar/email/libre@correo.cl',
  '/api/usuario/validar/email?email=libre@correo.cl',
  '/api/cliente/validar?nickname=libre1',
  '/api/usuario/validar?nickname=libre1',
  '/api/cliente/buscar/rut_cliente?BuscaRut=12.345.678-5',
  '/api/cliente/buscar/email?BuscaEmail=libre@correo.cl',
  '/api/cliente/buscar/nickname?BuscaNickname=libre1',
];

describe('rate limits', () => {
  it('password checks per IP: many e-mails from one address end in 429', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i <= accountLimits.passwordPerIp.max; i++) {
      last = (await post('/api/cliente/login', { email: `nadie${i}@correo.cl`, pass: 'x1234567' }, ip))
        .statusCode;
    }
    expect(last).toBe(429);
    expect(
      (await post('/api/cliente/login', { email: 'otro@correo.cl', pass: 'x1234567' }, freshIp())).statusCode,
    ).toBe(404);
  });

  it('registration per IP', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i <= accountLimits.registerPerIp.max; i++) {
      // Invalid bodies are cheap and still count: the limit runs before validation.
      last = (await post('/api/cliente/registro', { ...clientPayload(), nombre: 'x' }, ip)).statusCode;
    }
    expect(last).toBe(429);
    const res = await post('/api/cliente/registro', clientPayload(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().mensaje).toBe(msg.rateLimited);
  });

  it('recovery per e-mail', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    for (let i = 0; i < accountLimits.recoveryPerEmail.max; i++) {
      expect((await post('/api/cliente/recuperar-pass', { email: c.email }, freshIp())).statusCode).toBe(200);
    }
    const res = await post('/api/cliente/recuperar-pass', { email: c.email }, freshIp());
    expect(res.statusCode).toBe(429);
    expect(res.json().mensaje).toBe(msg.rateLimited);
  });

  it('account lookups share one counter per IP: spreading them over the routes does not help', async () => {
    const ip = freshIp();
    const { max } = accountLimits.lookupPerIp;
    // Before, each route had its own 120 a minute (1,320 in all); now the 121st lookup is refused.
    for (let i = 0; i < max; i++) {
      const res = await t.app.inject({ url: lookups[i % lookups.length]!, remoteAddress: ip });
      expect([200, 404]).toContain(res.statusCode);
    }
    for (const url of lookups) {
      const res = await t.app.inject({ url, remoteAddress: ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ mensaje: msg.rateLimited, code: 'RATE_LIMITED' });
    }
    // Someone else registering from another address is not affected.
    expect((await t.app.inject({ url: lookups[2]!, remoteAddress: freshIp() })).statusCode).toBe(404);
  });

  it('the client login and both recovery requests, which tell an unknown e-mail apart, count on the lookups', async () => {
    const known = await createAccount(t.app, { kind: 'client' });
    const tellers = [
      () => ({ url: '/api/cliente/login', payload: { email: 'nadie@correo.cl', pass: 'clave123' } }),
      () => ({ url: '/api/cliente/recuperar-pass', payload: { email: 'nadie@correo.cl' } }),
      () => ({ url: '/api/usuario/recuperar-pass', payload: { email: 'nadie@correo.cl' } }),
    ];
    for (const teller of tellers) {
      const ip = freshIp();
      // An enumerator who used the minute's lookups on the availability routes gets nothing more here:
      for (let i = 0; i < accountLimits.lookupPerIp.max; i++) {
        await t.app.inject({ url: lookups[i % lookups.length]!, remoteAddress: ip });
      }
      const unknown = await post(teller().url, teller().payload, ip);
      expect(unknown.statusCode, teller().url).toBe(429);
      // ...and a known e-mail gets the same answer, so the refusal itself tells nothing.
      const same = await post(teller().url, { ...teller().payload, email: known.email }, ip);
      expect(same.statusCode).toBe(429);
      expect(same.json()).toEqual(unknown.json());
    }
  });

  // The daily cap needs a clock that moves a day; Redis keeps real time, so this runs in memory only.
  it.runIf(!process.env.REDIS_URL)(
    'account lookups: a daily cap per IP far above a registration',
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
            // Missing query: refused by validation after the limit counted it, and cheaper than a lookup.
            const res = await t.app.inject({ url: '/api/cliente/buscar/email', remoteAddress: ip });
            expect(res.statusCode).toBe(400);
          }
        }
        vi.setSystemTime(Date.now() + 61_000);
        const res = await t.app.inject({ url: lookups[0]!, remoteAddress: ip });
        expect(res.statusCode).toBe(429);
      } finally {
        vi.useRealTimers();
      }
    },
    60_000,
  );
});

describe('TRUST_PROXY: the address the trusted proxy appended, never the client-written one', () => {
  /** Through a proxy that appends the peer it saw, as nginx's $proxy_add_x_forwarded_for does. */
  const viaProxy = (app: TestApp, proxy: string, client: string, written: string) =>
    app.app.inject({
      url: lookups[2]!,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': `${written}, ${client}` },
    });

  async function exhaust(app: TestApp, proxy: string, client: string): Promise<number> {
    let last = 0;
    for (let i = 0; i <= accountLimits.lookupPerIp.max; i++) {
      // Each request claims a new address of its own: with every hop trusted, each got a fresh counter.
      last = (await viaProxy(app, proxy, client, `198.51.${i >> 8}.${i & 255}`)).statusCode;
    }
    return last;
  }

  for (const setting of ['1', 'true', '10.0.0.0/8,192.168.0.1']) {
    it(`TRUST_PROXY=${setting}: a client cannot escape a per-IP limit with its own X-Forwarded-For`, async () => {
      const app = await createTestApp({ env: { ...redisEnv, TRUST_PROXY: setting } });
      try {
        const proxy = freshIp();
        const client = `203.0.${freshIp().split('.').slice(2).join('.')}`;
        expect(await exhaust(app, proxy, client)).toBe(429);
        // Another client behind the same proxy keeps its own counter.
        const other = `203.1.${freshIp().split('.').slice(2).join('.')}`;
        expect((await viaProxy(app, proxy, other, '1.2.3.4')).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });
  }

  it('TRUST_PROXY with addresses ignores X-Forwarded-For from anyone else', async () => {
    const app = await createTestApp({ env: { ...redisEnv, TRUST_PROXY: '192.168.0.1' } });
    try {
      // Not the proxy: a direct client writing the header is counted under its own address.
      const direct = freshIp();
      expect(await exhaust(app, direct, '203.0.113.9')).toBe(429);
      expect((await viaProxy(app, direct, '203.0.113.10', '1.2.3.4')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY=false (the default): the socket address, whatever the header says', async () => {
    const direct = freshIp();
    expect(await exhaust(t, direct, '203.0.113.11')).toBe(429);
  });
});

// With REDIS_URL the counters live in Redis, so a limit holds across every instance.
describe.runIf(process.env.REDIS_URL)('rate limits shared through Redis', () => {
  it('wrong passwords on one instance count on another', async () => {
    const a = await createTestApp({ env: redisEnv });
    const b = await createTestApp({ env: redisEnv });
    try {
      const e = await createAccount(a.app, { kind: 'escort' });
      // Same e-mail on both instances; they do not share a database, only the Redis counters.
      for (let i = 0; i <= passwordGuardLimits.freeFailures; i++) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/usuario/login',
          payload: { email: e.email, pass: 'mala1234' },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await b.app.inject({
        method: 'POST',
        url: '/api/usuario/login',
        payload: { email: e.email, pass: e.password },
        remoteAddress: freshIp(),
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lookups on one instance count on another', async () => {
    const a = await createTestApp({ env: redisEnv });
    const b = await createTestApp({ env: redisEnv });
    try {
      const ip = freshIp();
      for (let i = 0; i < accountLimits.lookupPerIp.max; i++) {
        await (i % 2 ? a : b).app.inject({ url: lookups[i % lookups.length]!, remoteAddress: ip });
      }
      expect((await a.app.inject({ url: lookups[0]!, remoteAddress: ip })).statusCode).toBe(429);
      expect((await b.app.inject({ url: lookups[1]!, remoteAddress: ip })).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
