import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { recoveryCodes } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { lastMail } from './accounts-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false', SITE_URL: 'https://encanto.example' } });
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers });
const login = (kind: 'cliente' | 'usuario', email: string, pass: string) =>
  send('POST', `/api/${kind}/login`, { email, pass });
const profileOf = (a: { kind: string; rut: string }, token: string) =>
  t.app.inject({
    url: `/api/${a.kind === 'client' ? 'cliente' : 'usuario'}/profile/${encodeURIComponent(a.rut)}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('password change', () => {
  it('client: checks the current password, changes it and ends every other session', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const other = await createSession(t.app.db, c.id, t.app.services.clock.now());
    const wrong = await send(
      'PUT',
      '/api/cliente/modificar-pass',
      { rut_cliente: c.rut, passActual: 'mala1234', pass: 'nueva123' },
      bearer(c),
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().mensaje).toBe(msg.currentPasswordWrong);
    const ok = await send(
      'PUT',
      '/api/cliente/modificar-pass',
      { rut_cliente: c.rut, passActual: c.password, pass: 'nueva123' },
      bearer(c),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ mensaje: msg.passwordUpdated });
    expect((await profileOf(c, c.token)).statusCode).toBe(200);
    expect((await profileOf(c, other)).statusCode).toBe(401);
    expect((await login('cliente', c.email, c.password)).statusCode).toBe(401);
    expect((await login('cliente', c.email, 'nueva123')).statusCode).toBe(200);
  });

  it('escort: modificar-pass-por-pass with 404 for a wrong current password', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createSession(t.app.db, e.id, t.app.services.clock.now());
    const body = { nickname: e.nickname, passActual: 'mala1234', newPass: 'otra1234' };
    const wrong = await send('PUT', '/api/usuario/modificar-pass-por-pass', body, bearer(e));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ mensaje: msg.currentPasswordWrong, code: 'CURRENT_PASSWORD_WRONG' });
    const ok = await send(
      'PUT',
      '/api/usuario/modificar-pass-por-pass',
      { ...body, passActual: e.password },
      bearer(e),
    );
    expect(ok.statusCode).toBe(200);
    expect((await profileOf(e, other)).statusCode).toBe(401);
    expect((await login('usuario', e.email, 'otra1234')).statusCode).toBe(200);
  });

  const rules: [string, string, string][] = [
    ['empty', '', msg.newPasswordRequired],
    ['too short', 'rosa12', msg.newPasswordRule],
    ['without digits', 'abcdefgh', msg.newPasswordRule],
    ['without letters', '12345678', msg.newPasswordRule],
    ['with a line break', 'rosa\n12345', msg.passwordInvisible],
    ['longer than 128 characters', `a1${'x'.repeat(127)}`, msg.passwordTooLong],
    ['among the most common (password1)', 'password1', msg.passwordCommon],
    ['among the most common (123456a)', '123456a', msg.passwordCommon],
    ['among the most common in capitals', 'PASSWORD1', msg.passwordCommon],
  ];
  for (const [name, pass, message] of rules) {
    it(`refuses a new password ${name} with 400 '${message}'`, async () => {
      const c = await createAccount(t.app, { kind: 'client' });
      const res = await send(
        'PUT',
        '/api/cliente/modificar-pass',
        { rut_cliente: c.rut, passActual: c.password, pass },
        bearer(c),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(message);
    });
  }

  it('empty fields give the spec message', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await send(
      'PUT',
      '/api/usuario/modificar-pass-por-pass',
      { nickname: e.nickname, passActual: '', newPass: 'otra1234' },
      bearer(e),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.completeAllFields);
  });

  it('only the owner: 401 without session, 403 for another account or kind', async () => {
    const a = await createAccount(t.app, { kind: 'client' });
    const b = await createAccount(t.app, { kind: 'client' });
    const e = await createAccount(t.app, { kind: 'escort' });
    const body = { rut_cliente: a.rut, passActual: a.password, pass: 'nueva123' };
    expect((await send('PUT', '/api/cliente/modificar-pass', body)).statusCode).toBe(401);
    expect((await send('PUT', '/api/cliente/modificar-pass', body, bearer(b))).statusCode).toBe(403);
    expect(
      (await send('PUT', '/api/cliente/modificar-pass', { ...body, rut_cliente: e.rut }, bearer(e)))
        .statusCode,
    ).toBe(403);
    const escortBody = { nickname: e.nickname, passActual: e.password, newPass: 'otra1234' };
    expect(
      (await send('PUT', '/api/usuario/modificar-pass-por-pass', escortBody, bearer(a))).statusCode,
    ).toBe(403);
  });
});

describe('password recovery', () => {
  it('client: mails a 4-digit code and a reset link; the code sets the new password once and ends all sessions', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const res = await send('POST', '/api/cliente/recuperar-pass', { email: c.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: msg.clientRecoverySent });
    const mail = await lastMail(t.app, t.dataDir, c.email);
    expect(mail.code).toMatch(/^\d{4}$/);
    expect(mail.link.startsWith('https://encanto.example/cliente/resetear-pass/')).toBe(true);
    const [stored] = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, c.id));
    // Stored as a digest bound to the account, never as the code itself.
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).toBe(sha256(`${c.id}:${mail.code}`));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const token = mail.link.split('/').at(-1)!;
    const link = await t.app.inject(`/api/cliente/resetear-pass/${token}`);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ email: c.email });
    expect((await t.app.inject(`/api/usuario/resetear-pass/${token}`)).statusCode).toBe(404);

    const done = await send('PUT', '/api/cliente/nueva-pass', {
      email: c.email,
      codigoProvisorio: mail.code,
      nuevaPass: 'nueva123',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ mensaje: msg.passwordUpdated });
    expect((await profileOf(c, c.token)).statusCode).toBe(401);
    expect((await login('cliente', c.email, 'nueva123')).statusCode).toBe(200);
    const again = await send('PUT', '/api/cliente/nueva-pass', {
      email: c.email,
      codigoProvisorio: mail.code,
      nuevaPass: 'otra1234',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ mensaje: msg.codeInvalid, code: 'CODE_INVALID' });
    const deadLink = await t.app.inject(`/api/cliente/resetear-pass/${token}`);
    expect(deadLink.statusCode).toBe(404);
    expect(deadLink.json().mensaje).toBe(msg.resetLinkInvalid);
  });

  it('escort: unknown e-mail answers Correo no encontrado.; client: El correo no está registrado.', async () => {
    const e = await send('POST', '/api/usuario/recuperar-pass', { email: 'nadie@correo.cl' });
    expect(e.statusCode).toBe(404);
    expect(e.json().mensaje).toBe(msg.escortEmailNotFound);
    const c = await send('POST', '/api/cliente/recuperar-pass', { email: 'nadie@correo.cl' });
    expect(c.statusCode).toBe(404);
    expect(c.json().mensaje).toBe(msg.emailNotRegistered);
    const client = await createAccount(t.app, { kind: 'client' });
    expect((await send('POST', '/api/usuario/recuperar-pass', { email: client.email })).statusCode).toBe(404);
  });

  it('a new request replaces the previous code', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    await send('POST', '/api/usuario/recuperar-pass', { email: e.email });
    const first = await lastMail(t.app, t.dataDir, e.email);
    let second = first;
    // Codes are random: request until the new code differs, so the old one is known to be dead.
    for (let i = 0; i < 5 && second.code === first.code; i++) {
      // The outbox sends in order and names each .eml by time and sequence, so the newest sorts last.
      await send('POST', '/api/usuario/recuperar-pass', { email: e.email });
      second = await lastMail(t.app, t.dataDir, e.email);
    }
    expect(second.code).not.toBe(first.code);
    const old = await send('PUT', '/api/usuario/nueva-pass', {
      email: e.email,
      codigoProvisorio: first.code,
      nuevaPass: 'nueva123',
    });
    expect(old.statusCode).toBe(400);
    expect(
      (await t.app.inject(`/api/usuario/resetear-pass/${first.link.split('/').at(-1)}`)).statusCode,
    ).toBe(404);
    const ok = await send('PUT', '/api/usuario/nueva-pass', {
      email: e.email,
      codigoProvisorio: second.code,
      nuevaPass: 'nueva123',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('five wrong codes void the code, even the right one after', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    await send('POST', '/api/usuario/recuperar-pass', { email: e.email });
    const { code } = await lastMail(t.app, t.dataDir, e.email);
    const wrongCode = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const res = await send('PUT', '/api/usuario/nueva-pass', {
        email: e.email,
        codigoProvisorio: wrongCode,
        nuevaPass: 'nueva123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(msg.codeInvalid);
    }
    const right = await send('PUT', '/api/usuario/nueva-pass', {
      email: e.email,
      codigoProvisorio: code,
      nuevaPass: 'nueva123',
    });
    expect(right.statusCode).toBe(400);
    expect((await login('usuario', e.email, e.password)).statusCode).toBe(200);
  });

  it('four wrong codes still leave the right one usable', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    await send('POST', '/api/cliente/recuperar-pass', { email: c.email });
    const { code } = await lastMail(t.app, t.dataDir, c.email);
    const wrongCode = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      await send('PUT', '/api/cliente/nueva-pass', {
        email: c.email,
        codigoProvisorio: wrongCode,
        nuevaPass: 'nueva123',
      });
    }
    const right = await send('PUT', '/api/cliente/nueva-pass', {
      email: c.email,
      codigoProvisorio: code,
      nuevaPass: 'nueva123',
    });
    expect(right.statusCode).toBe(200);
  });

  it('an expired code is refused and removed', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    await send('POST', '/api/cliente/recuperar-pass', { email: c.email });
    const { code, link } = await lastMail(t.app, t.dataDir, c.email);
    await t.app.db
      .update(recoveryCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recoveryCodes.accountId, c.id));
    expect((await t.app.inject(`/api/cliente/resetear-pass/${link.split('/').at(-1)}`)).statusCode).toBe(404);
    const res = await send('PUT', '/api/cliente/nueva-pass', {
      email: c.email,
      codigoProvisorio: code,
      nuevaPass: 'nueva123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.codeInvalid);
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, c.id))).toHaveLength(
      0,
    );
  });

  const bodies: [string, object, string][] = [
    ['no e-mail', { codigoProvisorio: '1234', nuevaPass: 'nueva123' }, msg.recoveryEmailMissing],
    ['a 3-digit code', { email: 'a@b.cl', codigoProvisorio: '123', nuevaPass: 'nueva123' }, msg.codeInvalid],
    ['a letter code', { email: 'a@b.cl', codigoProvisorio: '12a4', nuevaPass: 'nueva123' }, msg.codeInvalid],
    ['a weak password', { email: 'a@b.cl', codigoProvisorio: '1234', nuevaPass: 'abc' }, msg.newPasswordRule],
    [
      'an empty password',
      { email: 'a@b.cl', codigoProvisorio: '1234', nuevaPass: '' },
      msg.newPasswordRequired,
    ],
  ];
  for (const [name, body, message] of bodies) {
    it(`nueva-pass with ${name} is 400 '${message}'`, async () => {
      const res = await send('PUT', '/api/usuario/nueva-pass', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(message);
    });
  }

  it('recuperar-pass with an empty e-mail is 400', async () => {
    const res = await send('POST', '/api/cliente/recuperar-pass', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.emailRequired);
  });
});
