import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { accountLimits } from '../../src/modules/accounts/rate-limits.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { clientPayload } from './accounts-helpers.ts';

// Rate limits on (the default): each test uses its own client address so counters do not mix.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('rate limits', () => {
  it('login per account e-mail: the 11th try within 15 minutes is 429, other e-mails still pass', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    for (let i = 0; i < accountLimits.loginPerEmail.max; i++) {
      // Each try from a different address: the per-e-mail counter catches spread-out guessing.
      const res = await post('/api/usuario/login', { email: e.email, pass: 'mala1234' }, `10.1.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/usuario/login',
      { email: e.email.toUpperCase(), pass: e.password },
      '10.1.1.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ mensaje: msg.rateLimited, code: 'RATE_LIMITED' });
    const other = await createAccount(t.app, { kind: 'escort' });
    expect(
      (await post('/api/usuario/login', { email: other.email, pass: other.password }, '10.1.1.1')).statusCode,
    ).toBe(200);
  });

  it('login per IP: many e-mails from one address end in 429', async () => {
    const ip = '10.2.0.1';
    let last = 0;
    for (let i = 0; i <= accountLimits.loginPerIp.max; i++) {
      last = (await post('/api/cliente/login', { email: `nadie${i}@correo.cl`, pass: 'x1234567' }, ip))
        .statusCode;
    }
    expect(last).toBe(429);
    expect(
      (await post('/api/cliente/login', { email: 'otro@correo.cl', pass: 'x1234567' }, '10.2.0.2'))
        .statusCode,
    ).toBe(404);
  });

  it('registration per IP', async () => {
    const ip = '10.3.0.1';
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
      expect(
        (await post('/api/cliente/recuperar-pass', { email: c.email }, `10.4.0.${i + 1}`)).statusCode,
      ).toBe(200);
    }
    const res = await post('/api/cliente/recuperar-pass', { email: c.email }, '10.4.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().mensaje).toBe(msg.rateLimited);
  });

  it('availability checks per IP', async () => {
    const ip = '10.5.0.1';
    let last = 0;
    for (let i = 0; i <= accountLimits.lookupPerIp.max; i++) {
      last = (await t.app.inject({ url: `/api/cliente/validar/nickname/libre${i}`, remoteAddress: ip }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

// With REDIS_URL the counters live in Redis, so a limit holds across every instance.
describe.runIf(process.env.REDIS_URL)('rate limits shared through Redis', () => {
  it('login tries on one instance count on another', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      const e = await createAccount(a.app, { kind: 'escort' });
      // Same e-mail on both instances; they do not share a database, only the Redis counters.
      for (let i = 0; i < accountLimits.loginPerEmail.max; i++) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/usuario/login',
          payload: { email: e.email, pass: 'mala1234' },
          remoteAddress: `10.9.${i}.${Date.now() % 250}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await b.app.inject({
        method: 'POST',
        url: '/api/usuario/login',
        payload: { email: e.email, pass: e.password },
        remoteAddress: '10.9.99.1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().mensaje).toBe(msg.rateLimited);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
