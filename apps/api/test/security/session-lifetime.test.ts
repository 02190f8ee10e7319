import { depsOf } from '../../src/deps.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timings } from '@encanto/core/constants';
import { bootstrap } from '../../src/bootstrap.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { ensureAdmin } from '../../src/modules/accounts/admin-bootstrap.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { loginWithSecondFactor } from '../helpers/two-factor.ts';
import { bearer, createAccount, FIXTURE_PASSWORD, type FixtureAccount } from '../helpers/fixtures.ts';

/**
 * A password change by any path ends the account's sessions (whoever knew the
 * old password may hold one); sessions also end 90 days after login however
 * often they are used.
 */
const ADMIN_EMAIL = 'jefa@encanto.test';
const ADMIN_PASSWORD = 'clave-admin-1';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: 'false', ADMIN_EMAIL, ADMIN_PASSWORD },
  });
});
afterAll(async () => {
  await t?.close();
});

const whoAmI = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/cuenta/mis-datos',
    headers: { authorization: `Bearer ${token}` },
  });

async function adminLogin(pass: string): Promise<string> {
  return (await loginWithSecondFactor(t.app, '/api/usuario/login-admin', { email: ADMIN_EMAIL, pass })).token;
}

/** Opens n sessions of the account (its other devices). */
const devices = (account: FixtureAccount, n = 2) =>
  Promise.all(
    Array.from({ length: n }, () => createSession(t.app.db, account.id, t.app.services.clock.now())),
  );

async function expectSignedOut(tokens: string[]) {
  for (const token of tokens) expect((await whoAmI(token)).statusCode).toBe(401);
}

describe('a password change ends the sessions of the account', () => {
  it('ADMIN_PASSWORD changed between restarts: the old admin sessions stop working', async () => {
    await bootstrap(t.app);
    const token = await adminLogin(ADMIN_PASSWORD);
    // A restart with the same ADMIN_PASSWORD changes nothing, so admins stay signed in.
    await bootstrap(t.app);
    expect((await whoAmI(token)).statusCode).toBe(200);
    // The operator changes ADMIN_PASSWORD (what bootstrap hands ensureAdmin at the next start).
    await ensureAdmin(depsOf(t.app), { email: ADMIN_EMAIL, password: 'clave-admin-2' });
    await expectSignedOut([token]);
    expect((await whoAmI(await adminLogin('clave-admin-2'))).statusCode).toBe(200);
  });

  it('npm run admin -- create on an existing admin (the same ensureAdmin) signs every device out', async () => {
    const token = await adminLogin('clave-admin-2');
    await ensureAdmin(depsOf(t.app), { email: ADMIN_EMAIL, password: 'clave-admin-3' });
    await expectSignedOut([token]);
  });

  it('a client changing her password keeps this device and signs the others out', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const others = await devices(client);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/modificar-pass',
      headers: bearer(client),
      payload: { rut_cliente: client.rut, passActual: FIXTURE_PASSWORD, pass: 'nuevaclave1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(client.token)).statusCode).toBe(200);
    await expectSignedOut(others);
  });

  it('an escort changing her password keeps this device and signs the others out', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const others = await devices(escort);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/usuario/modificar-pass-por-pass',
      headers: bearer(escort),
      payload: { nickname: escort.nickname, passActual: FIXTURE_PASSWORD, newPass: 'nuevaclave1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(escort.token)).statusCode).toBe(200);
    await expectSignedOut(others);
  });

  it('a recovery by e-mailed code signs every device out', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const others = await devices(escort);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/recuperar-pass',
      payload: { email: escort.email },
    });
    expect(ask.statusCode, ask.body).toBeLessThan(300);
    const code = await mailedCode(escort.email);
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/usuario/nueva-pass',
      payload: { email: escort.email, codigoProvisorio: code, nuevaPass: 'nuevaclave1' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await expectSignedOut([escort.token, ...others]);
  });
});

/** The 4-digit code of the latest recovery mail to that address (the outbox keeps mails as .eml files). */
async function mailedCode(email: string): Promise<string> {
  await t.app.background.mail.drain();
  const outbox = path.join(t.dataDir, 'outbox');
  const files = (await fs.readdir(outbox)).filter((f) => f.includes(email)).sort();
  const mail = await fs.readFile(path.join(outbox, files.at(-1)!), 'utf8');
  // The first 4-digit number of the body (the headers carry dates); soft line breaks of quoted-printable joined.
  const body = mail
    .replace(/=\r?\n/g, '')
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const code = /\b(\d{4})\b/.exec(body)?.[1];
  if (!code) throw new Error('no code in the recovery mail');
  return code;
}

describe('absolute session lifetime', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('ends a session 90 days after login even if it was used every day', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    // In daily use: seen a minute ago, sliding expiry far ahead, but opened 91 days ago.
    await t.app.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 91 * DAY),
        lastSeenAt: new Date(Date.now() - 60_000),
        expiresAt: new Date(Date.now() + 20 * DAY),
      })
      .where(eq(sessions.tokenHash, sha256(escort.token)));
    expect((await whoAmI(escort.token)).statusCode).toBe(401);
  });

  it('never slides a session past 90 days from login', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const createdAt = new Date(Date.now() - 89 * DAY);
    await t.app.db
      .update(sessions)
      .set({ createdAt, lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.tokenHash, sha256(escort.token)));
    expect((await whoAmI(escort.token)).statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(escort.token)));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + timings.sessionMaxAgeMs);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps sliding a younger session by the usual 30 days', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.tokenHash, sha256(client.token)));
    expect((await whoAmI(client.token)).statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(client.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + timings.sessionTtlMs - 60_000);
  });

  it('is longer than the sliding expiry, so it only ends sessions in daily use', () => {
    expect(timings.sessionMaxAgeMs).toBe(90 * DAY);
    expect(timings.sessionMaxAgeMs).toBeGreaterThan(timings.sessionTtlMs);
  });
});
