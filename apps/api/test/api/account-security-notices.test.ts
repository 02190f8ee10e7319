import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { twoFactorLimits } from '@encanto/core/two-factor';
import { depsOf } from '../../src/deps.ts';
import { resetTwoFactor } from '../../src/modules/two-factor/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { currentCode } from '../helpers/two-factor.ts';
import { softAuthenticator } from '../helpers/webauthn.ts';
import { outboxFor } from './meetings-helpers.ts';
import { securityMailSubject, securityNoticeWhat } from '../../src/mail-templates/security-notice.ts';

/**
 * Every factor change and every sign-in from a new browser mails the owner at once, with a "no fui yo"
 * link that ends every session, undoes an added factor and voids the password. A reset by mail never
 * removes or skips a factor; a recovery code gets the owner in; the administrator's CLI is the way out.
 */
let t: TestApp;
const clock = testClock();
const site = { origin: 'http://localhost:3000', rpId: 'localhost' };
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' }, services: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: { token: string },
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who), 'user-agent': android },
    ...(payload ? { payload } : {}),
  });

function codeNow(secret: string): string {
  const code = currentCode(secret, clock.now().getTime());
  clock.advance(30_000);
  return code;
}

async function enrolTotp(who: FixtureAccount) {
  const start = await call('POST', '/api/cuenta/2fa/totp', who, { pass: who.password });
  const secret = start.json().secreto as string;
  const done = await call('POST', '/api/cuenta/2fa/totp/confirmar', who, { codigo: codeNow(secret) });
  expect(done.statusCode, done.body).toBe(200);
  return { secret, codes: done.json().codigos_recuperacion as string[] };
}

const securityMails = async (who: FixtureAccount) =>
  (await outboxFor(t.app, who.email)).filter((m) => m.subject === securityMailSubject('Encanto'));
const linkToken = (text: string) => /\/seguridad\/no-fui-yo\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function login(who: FixtureAccount, url: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: { email: who.email, pass: who.password },
    headers: { 'user-agent': android, ...(cookie ? { cookie } : {}) },
  });
}
const deviceCookie = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return list.find((c: string) => c.startsWith('encanto_dispositivo='))?.split(';')[0] ?? '';
};

describe('the owner is told at once', () => {
  it('turning two-step login on mails her, in Spanish, with the time, the device and a "no fui yo" link', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await enrolTotp(owner);
    const [mail] = await securityMails(owner);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(securityNoticeWhat.totp_added);
    expect(mail!.text).toContain('hora de Chile');
    expect(mail!.text).toContain('Chrome en Android');
    expect(mail!.text).toContain(`http://localhost:3000/seguridad/no-fui-yo/`);
    // Discreet: nothing about the profile or the site's trade in the subject or the text.
    expect(`${mail!.subject} ${mail!.text}`).not.toMatch(/escort|cita|perfil/i);
  });

  it('new codes, adding and removing a passkey, and turning the app off each mail her', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await enrolTotp(owner);
    const renewed = await call('POST', '/api/cuenta/2fa/codigos', owner, { pass: owner.password });
    const codes = renewed.json().codigos_recuperacion as string[];
    const options = await call('POST', '/api/cuenta/passkeys/opciones', owner);
    const device = softAuthenticator(site, { userVerified: true });
    const added = await call('POST', '/api/cuenta/passkeys', owner, {
      respuesta: device.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(201);
    const passkeyId = (added.json() as { id: string }[])[0]!.id;
    expect((await call('DELETE', `/api/cuenta/passkeys/${passkeyId}`, owner)).statusCode).toBe(204);
    await call('DELETE', '/api/cuenta/2fa', owner, { pass: owner.password, codigo: codes[0] });
    const texts = (await securityMails(owner)).map((m) => m.text);
    expect(texts).toHaveLength(5);
    expect(texts[0]).toContain(securityNoticeWhat.totp_added);
    expect(texts[1]).toContain(securityNoticeWhat.codes_renewed);
    expect(texts[2]).toContain(securityNoticeWhat.passkey_added);
    expect(texts[3]).toContain(securityNoticeWhat.passkey_removed);
    expect(texts[4]).toContain(securityNoticeWhat.totp_removed);
  });

  it('a sign-in from a browser the account never used mails her; her usual browser does not', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const first = await login(owner, '/api/cliente/login');
    expect(first.statusCode, first.body).toBe(200);
    const mine = deviceCookie(first);
    expect(mine).toMatch(/^encanto_dispositivo=/);
    // The first browser of the account is hers: no mail.
    expect(await securityMails(owner)).toHaveLength(0);
    await login(owner, '/api/cliente/login', mine);
    expect(await securityMails(owner)).toHaveLength(0);
    // Another browser: one mail.
    const other = await login(owner, '/api/cliente/login');
    expect(other.statusCode).toBe(200);
    const mails = await securityMails(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(securityNoticeWhat.new_device);
  });
});

describe('"no fui yo"', () => {
  it('ends every session, takes back the app the attacker added and voids the password; the link works once', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    // The attacker holds a session and the password: the proof passes, the factor is added.
    await enrolTotp(owner);
    const [mail] = await securityMails(owner);
    const token = linkToken(mail!.text);
    const res = await t.app.inject({ method: 'POST', url: '/api/seguridad/no-fui-yo', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mensaje: msg.notDoneDone, tipo: 'escort' });
    expect((await call('GET', '/api/cuenta/mis-datos', owner)).statusCode).toBe(401);
    const again = await login(owner, '/api/usuario/login');
    expect(again.statusCode).toBe(401);
    const twice = await t.app.inject({ method: 'POST', url: '/api/seguridad/no-fui-yo', payload: { token } });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ mensaje: msg.notDoneLinkInvalid, code: 'LINK_INVALID' });
  });

  it('the link expires after its hours', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await enrolTotp(owner);
    const token = linkToken((await securityMails(owner))[0]!.text);
    clock.advance(twoFactorLimits.noticeTtlMs + 1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/seguridad/no-fui-yo', payload: { token } });
    expect(res.statusCode).toBe(404);
  });

  it('a forged token is a Spanish 404, a malformed one a 400', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/seguridad/no-fui-yo',
      payload: { token: 'a'.repeat(43) },
    });
    expect(forged.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/seguridad/no-fui-yo',
      payload: { token: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a reset by mail keeps the factor', () => {
  async function resetByMail(owner: FixtureAccount, nuevaPass: string) {
    await t.app.inject({
      method: 'POST',
      url: '/api/cliente/recuperar-pass',
      payload: { email: owner.email },
    });
    const recovery = (await outboxFor(t.app, owner.email)).find((m) => /provisoria es (\d{4})/.test(m.text));
    const code = /provisoria es (\d{4})/.exec(recovery!.text)![1]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/nueva-pass',
      payload: { email: owner.email, codigoProvisorio: code, nuevaPass },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('after a reset the login still asks for the second step; a recovery code gets her in', async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { codes } = await enrolTotp(owner);
    await resetByMail(owner, 'nueva-clave-77');
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/login',
      payload: { email: owner.email, pass: 'nueva-clave-77' },
    });
    expect(step.json()).toEqual({ segundo_factor: 'totp', desafio: expect.any(String) });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/segundo-factor',
      payload: { desafio: step.json().desafio, codigo: codes[3] },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ nickname: owner.nickname, token: expect.any(String) });
  });

  it("the administrator's reset (CLI) is the way out for a person who lost everything, and it mails her", async () => {
    const owner = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await enrolTotp(owner);
    await resetTwoFactor(depsOf(t.app), { id: owner.id, email: owner.email });
    const res = await login(owner, '/api/cliente/login');
    expect(res.json()).toHaveProperty('token');
    const texts = (await securityMails(owner)).map((m) => m.text);
    expect(texts.some((x) => x.includes(securityNoticeWhat.factors_reset))).toBe(true);
  });
});
