import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { bootstrap } from '../../src/bootstrap.ts';
import { secondFactorFailures, totpFactors } from '../../src/db/schema/index.ts';
import { findAccountByEmail } from '../../src/modules/accounts/service.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { depsOf } from '../../src/deps.ts';
import { resetTwoFactor, setTotpSecret } from '../../src/modules/two-factor/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { completeLogin, currentCode, freshCode, TEST_ADMIN_TOTP_SECRET } from '../helpers/two-factor.ts';

/** Two-step login (decision 0078): codes computed here from the secrets, as an authenticator app would. */
const ADMIN_EMAIL = 'jefa2fa@encanto.test';
const ADMIN_PASSWORD = 'clave-admin-9';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false', ADMIN_EMAIL, ADMIN_PASSWORD } });
  await bootstrap(t.app);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const adminPending = '/api/usuario/pendientes';

async function passwordStep(url: string, email: string, pass: string) {
  const res = await post(url, { email, pass });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { segundo_factor?: string; desafio?: string; token?: string };
}

async function clientWithTotp(secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU') {
  const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
  await setTotpSecret(depsOf(t.app), client.id, secret);
  return { client, secret };
}

describe('administrators', () => {
  it('ADMIN_TOTP_SECRET: the bootstrapped admin logs in with a code computed from it', async () => {
    const step = await passwordStep('/api/usuario/login-admin', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(step).toEqual({ segundo_factor: 'totp', desafio: expect.any(String) });
    expect(step).not.toHaveProperty('token');
    const done = await completeLogin(t.app, step, TEST_ADMIN_TOTP_SECRET);
    expect(done).toMatchObject({ tipo_perfil: 'admin', email: ADMIN_EMAIL });
    expect((await t.app.inject({ method: 'GET', url: adminPending, headers: bearer(done) })).statusCode).toBe(
      200,
    );
  });

  it('an admin without a factor enrols during login and gets 10 single-use recovery codes', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const step = await passwordStep('/api/usuario/login-admin', admin.email, admin.password);
    expect(step.segundo_factor).toBe('inscribir');
    // The enrolment challenge does not open a session by a code alone.
    const early = await post('/api/login/segundo-factor', { desafio: step.desafio, codigo: '123456' });
    expect(early.statusCode).toBe(401);
    const enrol = await post('/api/login/inscribir-totp', { desafio: step.desafio });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secreto, otpauth_url, qr_svg } = enrol.json();
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(qr_svg).toMatch(/^<svg/);
    const wrong = await post('/api/login/confirmar-totp', { desafio: step.desafio, codigo: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mensaje).toBe(msg.secondFactorWrong);
    const codigo = await freshCode(t.app, admin.id, secreto);
    const done = await post('/api/login/confirmar-totp', { desafio: step.desafio, codigo });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ tipo_perfil: 'admin', nickname: admin.nickname });
    expect(body.codigos_recuperacion).toHaveLength(10);
    expect(new Set(body.codigos_recuperacion).size).toBe(10);
    // The secret is stored, never returned again; codes are stored hashed.
    const [row] = await t.app.db.select().from(totpFactors).where(eq(totpFactors.accountId, admin.id));
    expect(row?.confirmedAt).not.toBeNull();

    // The next login asks for a code; a recovery code works once.
    const next = await passwordStep('/api/usuario/login-admin', admin.email, admin.password);
    expect(next.segundo_factor).toBe('totp');
    const recovery = body.codigos_recuperacion[0] as string;
    const ok = await post('/api/login/segundo-factor', {
      desafio: next.desafio,
      codigo: recovery.toUpperCase(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await passwordStep('/api/usuario/login-admin', admin.email, admin.password);
    const reused = await post('/api/login/segundo-factor', { desafio: again.desafio, codigo: recovery });
    expect(reused.statusCode).toBe(401);
  });

  it('no admin route answers a session that did not pass the second factor', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const passwordOnly = await createSession(t.app.db, admin.id, t.app.services.clock.now(), {
      secondFactor: false,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: adminPending,
      headers: bearer({ token: passwordOnly }),
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: adminPending, headers: bearer(admin) })).statusCode,
    ).toBe(200);
  });

  it('reset-2fa clears the factor and the sessions: the next login enrols again', async () => {
    const row = await findAccountByEmail(t.app.db, ADMIN_EMAIL, 'admin');
    const session = await completeLogin(
      t.app,
      await passwordStep('/api/usuario/login-admin', ADMIN_EMAIL, ADMIN_PASSWORD),
    );
    await resetTwoFactor(depsOf(t.app), { id: row!.id, email: row!.email });
    expect(
      (await t.app.inject({ method: 'GET', url: adminPending, headers: bearer(session) })).statusCode,
    ).toBe(401);
    const step = await passwordStep('/api/usuario/login-admin', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(step.segundo_factor).toBe('inscribir');
    await setTotpSecret(depsOf(t.app), row!.id, TEST_ADMIN_TOTP_SECRET);
  });
});

describe('codes', () => {
  it('a client with TOTP gets a desafio; the code finishes the client login answer; replay is refused', async () => {
    const { client, secret } = await clientWithTotp();
    const step = await passwordStep('/api/cliente/login', client.email, client.password);
    expect(step).toEqual({ segundo_factor: 'totp', desafio: expect.any(String) });
    const codigo = await freshCode(t.app, client.id, secret);
    const done = await post('/api/login/segundo-factor', { desafio: step.desafio, codigo });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      nickname: client.nickname,
      rut_cliente: client.rut,
      token: expect.any(String),
    });
    // The same code on a new challenge: refused as a replay.
    const next = await passwordStep('/api/cliente/login', client.email, client.password);
    const replay = await post('/api/login/segundo-factor', { desafio: next.desafio, codigo });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ mensaje: msg.secondFactorReused, code: 'CODE_REUSED' });
    // A used desafio does not open a second session.
    const twice = await post('/api/login/segundo-factor', {
      desafio: step.desafio,
      codigo: await freshCode(t.app, client.id, secret),
    });
    expect(twice.statusCode).toBe(401);
  });

  it('a desafio allows 5 wrong codes; the account 10 per 15 minutes', async () => {
    const { client, secret } = await clientWithTotp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const good = currentCode(secret, t.app.services.clock.now().getTime());
    const bad = good === '111111' ? '222222' : '111111';
    const first = await passwordStep('/api/cliente/login', client.email, client.password);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/login/segundo-factor', { desafio: first.desafio, codigo: bad });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SECOND_FACTOR_WRONG');
    }
    const dead = await post('/api/login/segundo-factor', { desafio: first.desafio, codigo: good });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({ mensaje: msg.secondFactorExpired, code: 'CHALLENGE_EXPIRED' });
    const second = await passwordStep('/api/cliente/login', client.email, client.password);
    for (let i = 0; i < 5; i++)
      await post('/api/login/segundo-factor', { desafio: second.desafio, codigo: bad });
    const third = await passwordStep('/api/cliente/login', client.email, client.password);
    const locked = await post('/api/login/segundo-factor', { desafio: third.desafio, codigo: good });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ mensaje: msg.secondFactorTooMany, code: 'SECOND_FACTOR_LOCKED' });
    // Failures older than 15 minutes no longer count.
    await t.app.db
      .update(secondFactorFailures)
      .set({ createdAt: new Date(t.app.services.clock.now().getTime() - 16 * 60_000) })
      .where(eq(secondFactorFailures.accountId, client.id));
    const ok = await post('/api/login/segundo-factor', {
      desafio: third.desafio,
      codigo: await freshCode(t.app, client.id, secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a bad body is a Spanish 400', async () => {
    const res = await post('/api/login/segundo-factor', { desafio: 'x'.repeat(40), codigo: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.secondFactorCodeInvalid);
  });
});
