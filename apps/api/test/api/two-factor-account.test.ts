import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createSession } from '../../src/modules/sessions/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { freshCode } from '../helpers/two-factor.ts';

/** Two-step login from Cuenta, and "Sesiones activas" (decisions 0078 and 0081). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function enrol(account: FixtureAccount) {
  // Enrolment needs a fresh proof: the password rides along.
  const start = await call('POST', '/api/cuenta/2fa/totp', account, { pass: account.password });
  expect(start.statusCode, start.body).toBe(200);
  const { secreto } = start.json() as { secreto: string };
  const codigo = await freshCode(t.app, account.id, secreto);
  const done = await call('POST', '/api/cuenta/2fa/totp/confirmar', account, { codigo });
  expect(done.statusCode, done.body).toBe(200);
  return { secreto, codes: done.json().codigos_recuperacion as string[] };
}

describe('TOTP from Cuenta', () => {
  it('an escort turns it on; her other devices are signed out; her next login asks for the code', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const otherDevice = await createSession(t.app.db, escort.id, t.app.services.clock.now());
    expect((await call('GET', '/api/cuenta/2fa', escort)).json()).toEqual({
      totp: false,
      passkeys: 0,
      codigos_restantes: 0,
      obligatorio: false,
    });
    // A wrong first code keeps it off.
    await call('POST', '/api/cuenta/2fa/totp', escort, { pass: escort.password });
    const wrong = await call('POST', '/api/cuenta/2fa/totp/confirmar', escort, { codigo: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mensaje).toBe(msg.secondFactorWrong);
    const { secreto, codes } = await enrol(escort);
    expect(codes).toHaveLength(10);
    expect((await call('GET', '/api/cuenta/2fa', escort)).json()).toMatchObject({
      totp: true,
      codigos_restantes: 10,
    });
    // The device that turned it on stays; the other one is out.
    expect((await call('GET', '/api/cuenta/mis-datos', escort)).statusCode).toBe(200);
    expect((await call('GET', '/api/cuenta/mis-datos', { token: otherDevice })).statusCode).toBe(401);
    // A second enrolment is refused while it is on.
    expect((await call('POST', '/api/cuenta/2fa/totp', escort)).statusCode).toBe(409);

    const step = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: escort.email, pass: escort.password },
    });
    expect(step.json()).toEqual({ segundo_factor: 'totp', desafio: expect.any(String) });
    const codigo = await freshCode(t.app, escort.id, secreto);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/segundo-factor',
      payload: { desafio: step.json().desafio, codigo },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      nickname: escort.nickname,
      rut_usuario: escort.rut,
      tipo_perfil: 'usuario',
    });
  });

  it('turning it off needs the password and a code; a recovery code works once; other devices go', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const { codes } = await enrol(client);
    const otherDevice = await createSession(t.app.db, client.id, t.app.services.clock.now());
    const badPass = await call('DELETE', '/api/cuenta/2fa', client, { pass: 'otra1234', codigo: codes[0] });
    expect(badPass.statusCode).toBe(401);
    expect(badPass.json().mensaje).toBe(msg.twoFactorPasswordWrong);
    const badCode = await call('DELETE', '/api/cuenta/2fa', client, {
      pass: client.password,
      codigo: '123456',
    });
    expect(badCode.statusCode).toBe(401);
    const off = await call('DELETE', '/api/cuenta/2fa', client, { pass: client.password, codigo: codes[0] });
    expect(off.statusCode, off.body).toBe(204);
    expect((await call('GET', '/api/cuenta/2fa', client)).json()).toMatchObject({
      totp: false,
      codigos_restantes: 0,
    });
    expect((await call('GET', '/api/cuenta/mis-datos', { token: otherDevice })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/login',
      payload: { email: client.email, pass: client.password },
    });
    expect(login.json()).toHaveProperty('token');
    // Off already: 409.
    const again = await call('DELETE', '/api/cuenta/2fa', client, {
      pass: client.password,
      codigo: codes[1],
    });
    expect(again.statusCode).toBe(409);
  });

  it('an administrator cannot turn it off', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const { codes } = await enrol(admin);
    const res = await call('DELETE', '/api/cuenta/2fa', admin, { pass: admin.password, codigo: codes[0] });
    expect(res.statusCode).toBe(403);
    expect(res.json().mensaje).toBe(msg.adminFactorRequired);
    expect((await call('GET', '/api/cuenta/2fa', admin)).json()).toMatchObject({
      totp: true,
      obligatorio: true,
    });
  });

  it('a code without an enrolment started is a Spanish 400', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const res = await call('POST', '/api/cuenta/2fa/totp/confirmar', client, {
      codigo: '123456',
      pass: client.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.totpNotPending);
  });
});

describe('Sesiones activas', () => {
  it('lists the devices coarsely, marks the current one, ends one or all the others', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const phone = await createSession(t.app.db, client.id, t.app.services.clock.now(), {
      userAgent: android,
    });
    const iph = await createSession(t.app.db, client.id, t.app.services.clock.now(), { userAgent: iphone });
    const list = await call('GET', '/api/cuenta/sesiones', client);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; dispositivo: string; actual: boolean }[];
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.dispositivo).sort()).toEqual(
      ['Chrome en Android', 'Dispositivo desconocido', 'Safari en iPhone'].sort(),
    );
    expect(rows.filter((r) => r.actual)).toHaveLength(1);
    const phoneRow = rows.find((r) => r.dispositivo === 'Chrome en Android')!;
    expect((await call('DELETE', `/api/cuenta/sesiones/${phoneRow.id}`, client)).statusCode).toBe(204);
    expect((await call('GET', '/api/cuenta/mis-datos', { token: phone })).statusCode).toBe(401);
    // Another account cannot end her sessions: it answers as a missing one.
    const other = await createAccount(t.app, { kind: 'client' });
    const current = rows.find((r) => r.actual)!;
    const foreign = await call('DELETE', `/api/cuenta/sesiones/${current.id}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().mensaje).toBe(msg.sessionNotFound);
    expect((await call('DELETE', '/api/cuenta/sesiones', client)).statusCode).toBe(204);
    expect((await call('GET', '/api/cuenta/mis-datos', { token: iph })).statusCode).toBe(401);
    expect((await call('GET', '/api/cuenta/sesiones', client)).json()).toHaveLength(1);
  });

  it('a login records its device', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      headers: { 'user-agent': iphone },
      payload: { email: escort.email, pass: escort.password },
    });
    const rows = (await call('GET', '/api/cuenta/sesiones', login.json())).json() as {
      dispositivo: string;
      actual: boolean;
    }[];
    expect(rows.find((r) => r.actual)?.dispositivo).toBe('Safari en iPhone');
  });
});
