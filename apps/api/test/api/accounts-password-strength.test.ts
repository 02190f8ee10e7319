import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { clientPayload, escortPayload, lastMail } from './accounts-helpers.ts';

/**
 * Decision 0050: every route that sets a password takes a passphrase with
 * spaces and symbols, and refuses the most common passwords with one message.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t.close();
});

const PHRASE = 'Correct horse battery staple!9';
const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers });
const login = (kind: 'cliente' | 'usuario', email: string, pass: string) =>
  send('POST', `/api/${kind}/login`, { email, pass });

describe('registration', () => {
  it('client and escort: common passwords refused, a passphrase accepted and usable to log in', async () => {
    for (const [url, payload, kind] of [
      ['/api/cliente/registro', clientPayload, 'cliente'],
      ['/api/usuario/registro', escortPayload, 'usuario'],
    ] as const) {
      for (const common of ['password1', '123456a', 'abc1234', 'Qwerty123']) {
        const res = await send('POST', url, payload({ pass: common }));
        expect(res.statusCode, `${url} ${common}`).toBe(400);
        expect(res.json()).toMatchObject({
          mensaje: msg.passwordCommon,
          fields: { pass: msg.passwordCommon },
        });
      }
      const body = payload({ pass: PHRASE });
      expect((await send('POST', url, body)).statusCode).toBe(201);
      expect((await login(kind, body.email, PHRASE)).statusCode).toBe(200);
    }
  });

  it('keeps the spec messages for length and letters-and-digits, and refuses control characters', async () => {
    const short = await send('POST', '/api/usuario/registro', escortPayload({ pass: 'a 1' }));
    expect(short.json().mensaje).toBe(msg.escortPasswordLength);
    const mix = await send('POST', '/api/usuario/registro', escortPayload({ pass: 'solo letras' }));
    expect(mix.json().mensaje).toBe(msg.escortPasswordMix);
    const control = await send('POST', '/api/cliente/registro', clientPayload({ pass: 'rosa\n77 ok' }));
    expect([control.statusCode, control.json().mensaje]).toEqual([400, msg.passwordInvisible]);
  });
});

describe('change', () => {
  it('client and escort: common refused, passphrase with spaces, symbols and any script accepted', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const refused = await send(
      'PUT',
      '/api/cliente/modificar-pass',
      { rut_cliente: c.rut, passActual: c.password, pass: '123456a' },
      bearer(c),
    );
    expect([refused.statusCode, refused.json().mensaje]).toEqual([400, msg.passwordCommon]);
    const ok = await send(
      'PUT',
      '/api/cliente/modificar-pass',
      { rut_cliente: c.rut, passActual: c.password, pass: PHRASE },
      bearer(c),
    );
    expect(ok.statusCode).toBe(200);
    expect((await login('cliente', c.email, PHRASE)).statusCode).toBe(200);

    const e = await createAccount(t.app, { kind: 'escort' });
    const common = await send(
      'PUT',
      '/api/usuario/modificar-pass-por-pass',
      { nickname: e.nickname, passActual: e.password, newPass: 'password1' },
      bearer(e),
    );
    expect(common.json()).toMatchObject({
      mensaje: msg.passwordCommon,
      fields: { newPass: msg.passwordCommon },
    });
    const phrase = `  ${PHRASE} ñandú 🌙`;
    const changed = await send(
      'PUT',
      '/api/usuario/modificar-pass-por-pass',
      { nickname: e.nickname, passActual: e.password, newPass: phrase },
      bearer(e),
    );
    expect(changed.statusCode).toBe(200);
    expect((await login('usuario', e.email, phrase)).statusCode).toBe(200);
  });
});

describe('recovery', () => {
  it('nueva-pass refuses a common password without spending the code, then takes a passphrase', async () => {
    for (const [prefix, kind] of [
      ['cliente', 'client'],
      ['usuario', 'escort'],
    ] as const) {
      const a = await createAccount(t.app, { kind });
      await send('POST', `/api/${prefix}/recuperar-pass`, { email: a.email });
      const { code } = await lastMail(t.app, t.dataDir, a.email);
      const common = await send('PUT', `/api/${prefix}/nueva-pass`, {
        email: a.email,
        codigoProvisorio: code,
        nuevaPass: 'password1',
      });
      expect([common.statusCode, common.json().mensaje]).toEqual([400, msg.passwordCommon]);
      const ok = await send('PUT', `/api/${prefix}/nueva-pass`, {
        email: a.email,
        codigoProvisorio: code,
        nuevaPass: PHRASE,
      });
      expect(ok.statusCode).toBe(200);
      expect((await login(prefix, a.email, PHRASE)).statusCode).toBe(200);
    }
  });
});
