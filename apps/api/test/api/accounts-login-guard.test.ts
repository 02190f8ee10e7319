import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { accountLimits } from '../../src/modules/accounts/rate-limits.ts';
import { passwordGuardLimits } from '../../src/modules/accounts/password-guard.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { lastMail } from './accounts-helpers.ts';
import { freshIp, redisEnv } from './rate-limit-helpers.ts';

// Decision 0047: wrong passwords count per (account, address) and per account; the per-account
// bound and its growing delay spare the addresses the owner logs in from. In memory, or in Redis with REDIS_URL.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: redisEnv });
});
afterAll(async () => {
  await t.close();
});

const { pair, freeFailures } = passwordGuardLimits;
const loginUrl = {
  client: '/api/cliente/login',
  escort: '/api/usuario/login',
  admin: '/api/usuario/login-admin',
};

const login = (a: FixtureAccount, pass: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: loginUrl[a.kind],
    payload: { email: a.email, pass },
    remoteAddress: ip,
  });

/** The owner logs in once from home: that address is now hers. */
async function ownerAt(kind: FixtureAccount['kind']) {
  const account = await createAccount(t.app, { kind });
  const home = freshIp();
  expect((await login(account, account.password, home)).statusCode).toBe(200);
  return { account, home };
}

describe('login lock-out (item 8)', () => {
  for (const kind of ['escort', 'client', 'admin'] as const) {
    it(`${kind}: guesses spread over many addresses are slowed down; the owner still gets in from home`, async () => {
      const { account, home } = await ownerAt(kind);
      // One more than the free failures: the last of them starts the growing delay.
      for (let i = 0; i <= freeFailures; i++) {
        expect((await login(account, 'mala1234', freshIp())).statusCode).toBe(401);
      }
      // The next try from yet another address is refused before the password is even checked.
      const attacker = await login(account, account.password, freshIp());
      expect(attacker.statusCode).toBe(429);
      expect(attacker.json()).toEqual({ mensaje: msg.passwordTriesExceeded(1), code: 'RATE_LIMITED' });
      const wait = Number(attacker.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(passwordGuardLimits.firstDelaySec);
      // Before: the per-e-mail counter refused the owner too. Now her own address is spared.
      expect((await login(account, account.password, home)).statusCode).toBe(200);
    });
  }

  it('away from home, the owner gets in again after recovering her password from that address', async () => {
    const { account } = await ownerAt('escort');
    for (let i = 0; i <= freeFailures; i++) await login(account, 'mala1234', freshIp());
    const phone = freshIp();
    expect((await login(account, account.password, phone)).statusCode).toBe(429);
    // The mailed code proves her mailbox from the phone's address, which is then hers.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/recuperar-pass',
      payload: { email: account.email },
      remoteAddress: phone,
    });
    expect(asked.statusCode).toBe(200);
    const { code } = await lastMail(t.app, t.dataDir, account.email);
    const recovered = await t.app.inject({
      method: 'PUT',
      url: '/api/usuario/nueva-pass',
      payload: { email: account.email, codigoProvisorio: code, nuevaPass: 'nueva1234' },
      remoteAddress: phone,
    });
    expect(recovered.statusCode).toBe(200);
    expect((await login(account, 'nueva1234', phone)).statusCode).toBe(200);
    expect((await login(account, 'nueva1234', freshIp())).statusCode).toBe(429);
  });

  it('one address hammering one account is stopped after 10 wrong passwords; the owner is not', async () => {
    const { account, home } = await ownerAt('escort');
    const attacker = freshIp();
    for (let i = 0; i < pair.points; i++) {
      expect((await login(account, 'mala1234', attacker)).statusCode).toBe(401);
    }
    const blocked = await login(account, account.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(pair.durationSec - 60);
    expect((await login(account, account.password, home)).statusCode).toBe(200);
  });

  it("the owner's own typos: a right password clears her address's count", async () => {
    const { account, home } = await ownerAt('client');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < pair.points - 1; i++) {
        expect((await login(account, 'mala1234', home)).statusCode).toBe(401);
      }
      // 9 + 9 + 9 typos in all: without the reset the second round would already be refused.
      expect((await login(account, account.password, home)).statusCode).toBe(200);
    }
  });

  it('an unknown e-mail counts like a wrong password, and other accounts are untouched', async () => {
    const ip = freshIp();
    const email = `nadie-${ip.replaceAll('.', '-')}@correo.cl`;
    for (let i = 0; i < pair.points; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cliente/login',
        payload: { email, pass: 'x1234567' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(404);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/login',
      payload: { email, pass: 'x1234567' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    const other = await createAccount(t.app, { kind: 'client' });
    expect((await login(other, other.password, ip)).statusCode).toBe(200);
  });
});

describe('password change and account deletion (item 5)', () => {
  const change = (a: FixtureAccount, current: string, ip: string) =>
    a.kind === 'client'
      ? t.app.inject({
          method: 'PUT',
          url: '/api/cliente/modificar-pass',
          payload: { rut_cliente: a.rut, passActual: current, pass: 'nueva1234' },
          headers: bearer(a),
          remoteAddress: ip,
        })
      : t.app.inject({
          method: 'PUT',
          url: '/api/usuario/modificar-pass-por-pass',
          payload: { nickname: a.nickname, passActual: current, newPass: 'nueva1234' },
          headers: bearer(a),
          remoteAddress: ip,
        });

  for (const kind of ['client', 'escort'] as const) {
    it(`${kind}: a stolen session cannot guess the current password; the owner still changes it`, async () => {
      const { account, home } = await ownerAt(kind);
      const thief = freshIp();
      for (let i = 0; i < pair.points; i++) {
        expect((await change(account, 'mala1234', thief)).statusCode).toBe(404);
      }
      // The 11th guess is refused unverified, even the right one: nothing changes.
      const blocked = await change(account, account.password, thief);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      // Rotating addresses only reaches the account's growing delay.
      expect((await change(account, 'mala1234', freshIp())).statusCode).toBe(404);
      expect((await change(account, account.password, freshIp())).statusCode).toBe(429);
      expect((await login(account, account.password, freshIp())).statusCode).toBe(429);
      // The owner, at home, changes it.
      expect((await change(account, account.password, home)).statusCode).toBe(200);
      expect((await login(account, 'nueva1234', home)).statusCode).toBe(200);
    });
  }

  it('password checks share the per-IP limit of logins', async () => {
    const ip = freshIp();
    const c = await createAccount(t.app, { kind: 'client' });
    for (let i = 0; i < accountLimits.passwordPerIp.max; i++) {
      // Different accounts, so only the per-IP counter grows.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cliente/login',
        payload: { email: `otro${i}-${ip}@correo.cl`, pass: 'x1234567' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(404);
    }
    const res = await change(c, c.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ mensaje: msg.rateLimited, code: 'RATE_LIMITED' });
    expect((await change(c, c.password, freshIp())).statusCode).toBe(200);
  });

  it('account deletion draws on the same budget', async () => {
    const { account, home } = await ownerAt('client');
    const thief = freshIp();
    const del = (pass: string, ip: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/cuenta',
        payload: { pass },
        headers: bearer(account),
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await del('mala1234', thief)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(account, 'mala1234', thief)).statusCode).toBe(401);
    expect((await del(account.password, thief)).statusCode).toBe(429);
    expect((await del(account.password, home)).statusCode).toBe(200);
  });
});
