import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { twoFactorLimits } from '@encanto/core/two-factor';
import { totpFactors } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { sealPlainSecrets } from '../../src/modules/two-factor/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { currentCode } from '../helpers/two-factor.ts';
import { softAuthenticator } from '../helpers/webauthn.ts';

/**
 * A session alone must not take an account: every factor change needs a fresh proof (the password or a
 * code, in the request or within 5 minutes), passkeys need user verification, and TOTP secrets are
 * sealed at rest. Each attack below succeeded before these rules.
 */
let t: TestApp;
const clock = testClock();
const site = { origin: 'http://localhost:3000', rpId: 'localhost' };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' }, services: { clock } });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

/** A code the app would show now; the clock moves one step on so the next code is a new one. */
function codeNow(secret: string): string {
  const code = currentCode(secret, clock.now().getTime());
  clock.advance(30_000);
  return code;
}

async function enrolTotp(who: FixtureAccount, proof: object = { pass: who.password }) {
  const start = await call('POST', '/api/cuenta/2fa/totp', who, proof);
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json().secreto as string;
  const done = await call('POST', '/api/cuenta/2fa/totp/confirmar', who, { codigo: codeNow(secret) });
  expect(done.statusCode, done.body).toBe(200);
  return { secret, codes: done.json().codigos_recuperacion as string[] };
}

describe('a session alone changes no factor', () => {
  it('enrolling an app, adding or removing a passkey and new recovery codes all answer 403 without a proof', async () => {
    const victim = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const refused = { mensaje: msg.reauthRequired, code: 'REAUTH_REQUIRED' };
    for (const [method, url, body] of [
      ['POST', '/api/cuenta/2fa/totp', undefined],
      ['POST', '/api/cuenta/2fa/totp/confirmar', { codigo: '123456' }],
      ['POST', '/api/cuenta/2fa/codigos', undefined],
      ['POST', '/api/cuenta/passkeys/opciones', undefined],
      ['POST', '/api/cuenta/passkeys', { respuesta: { id: 'x' } }],
      ['DELETE', '/api/cuenta/passkeys/0b8a3f52-5d8e-4a37-9a5f-0e0b3c1f1a11', undefined],
    ] as const) {
      const res = await call(method, url, victim, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    expect((await call('GET', '/api/cuenta/2fa', victim)).json()).toMatchObject({ totp: false, passkeys: 0 });
  });

  it('a wrong password is refused and counted; the right one opens a 5-minute window, closed at its edge', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const wrong = await call('POST', '/api/cuenta/reautenticar', owner, { pass: 'otra-clave-9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ mensaje: msg.reauthPasswordWrong, code: 'WRONG_PASSWORD' });
    const empty = await call('POST', '/api/cuenta/reautenticar', owner, {});
    expect(empty.statusCode).toBe(400);

    const ok = await call('POST', '/api/cuenta/reautenticar', owner, { pass: owner.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensaje).toBe(msg.reauthDone);
    clock.advance(twoFactorLimits.reauthWindowMs - 1000);
    expect((await call('POST', '/api/cuenta/passkeys/opciones', owner)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await call('POST', '/api/cuenta/passkeys/opciones', owner)).statusCode).toBe(403);
  });

  it('the window belongs to the session that gave the proof, not to the account', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const stolen = {
      token: await createSession(t.app.db, owner.id, t.app.services.clock.now(), { secondFactor: true }),
    };
    expect((await call('POST', '/api/cuenta/reautenticar', owner, { pass: owner.password })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/cuenta/2fa/totp', stolen)).statusCode).toBe(403);
  });

  it('a code of the app already set is a proof too (adding a passkey with TOTP on)', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { secret } = await enrolTotp(owner);
    clock.advance(twoFactorLimits.reauthWindowMs + 1000);
    const wrongCode = await call('POST', '/api/cuenta/passkeys/opciones', owner, { codigo: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    const res = await call('POST', '/api/cuenta/passkeys/opciones', owner, { codigo: codeNow(secret) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('administrators are held to the same rule', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const res = await call('POST', '/api/cuenta/passkeys/opciones', admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REAUTH_REQUIRED');
  });

  it('new recovery codes replace the old ones, with a proof', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const { codes } = await enrolTotp(owner);
    const renewed = await call('POST', '/api/cuenta/2fa/codigos', owner, { pass: owner.password });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().codigos_recuperacion as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    // An old code no longer proves anything.
    clock.advance(twoFactorLimits.reauthWindowMs + 1000);
    expect((await call('POST', '/api/cuenta/reautenticar', owner, { codigo: codes[0] })).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/cuenta/reautenticar', owner, { codigo: fresh[0] })).statusCode).toBe(
      200,
    );
  });
});

describe('passkeys need user verification', () => {
  async function register(who: FixtureAccount, userVerified: boolean) {
    const options = await call('POST', '/api/cuenta/passkeys/opciones', who, { pass: who.password });
    expect(options.statusCode, options.body).toBe(200);
    const device = softAuthenticator(site, { userVerified });
    const respuesta = device.register(options.json());
    return { device, res: await call('POST', '/api/cuenta/passkeys', who, { respuesta }) };
  }

  it('a passkey made without fingerprint, face or PIN (UV=0) is refused', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { res } = await register(owner, false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ mensaje: msg.passkeyNeedsVerification, code: 'PASSKEY_NO_UV' });
    expect((await call('GET', '/api/cuenta/passkeys', owner)).json()).toEqual([]);
  });

  it('a verified passkey registers and logs in; the same key answering with UV=0 does not', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { device, res } = await register(owner, true);
    expect(res.statusCode, res.body).toBe(201);
    const login = async (assertion: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/login/passkey', payload: { respuesta: assertion } });
    const options = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/login/passkey/opciones' })).json() as {
        challenge: string;
        userVerification: string;
      };
    const first = await options();
    expect(first.userVerification).toBe('required');
    const ok = await login(device.assert(first));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ nickname: owner.nickname });

    // The same credential, but this time the device did not check its owner.
    device.userVerified = false;
    const refused = await login(device.assert(await options()));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ mensaje: msg.passkeyNeedsVerification, code: 'PASSKEY_NO_UV' });
  });
});

describe('TOTP secrets at rest', () => {
  it('are sealed (the database alone yields no authenticator code); rows in clear are sealed at start', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { secret } = await enrolTotp(owner);
    const [row] = await t.app.db.select().from(totpFactors).where(eq(totpFactors.accountId, owner.id));
    expect(row!.secret.startsWith('v1:')).toBe(true);
    expect(row!.secret).not.toContain(secret);

    // A row written before secrets were sealed still works, and the start-up pass seals it.
    const legacy = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
    await t.app.db
      .insert(totpFactors)
      .values({ accountId: legacy.id, secret: plain, confirmedAt: clock.now() });
    expect(await sealPlainSecrets(depsOf(t.app))).toBeGreaterThanOrEqual(1);
    const [sealed] = await t.app.db.select().from(totpFactors).where(eq(totpFactors.accountId, legacy.id));
    expect(sealed!.secret.startsWith('v1:')).toBe(true);
    const proof = await call('POST', '/api/cuenta/reautenticar', legacy, { codigo: codeNow(plain) });
    expect(proof.statusCode, proof.body).toBe(200);
  });
});
