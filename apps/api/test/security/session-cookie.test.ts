import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { timings } from '@encanto/core/constants';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, FIXTURE_PASSWORD } from '../helpers/fixtures.ts';
import { clientPayload, escortPayload } from '../api/accounts-helpers.ts';
import { freshCode } from '../helpers/two-factor.ts';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';

/** Decision 0108: the browser's session in an HttpOnly cookie, accepted beside the bearer header, CSRF-checked. */
let t: TestApp;
const SITE = 'https://encanto.example';

beforeAll(async () => {
  // Behind one proxy, as in production: its X-Forwarded-Proto says whether the visitor used HTTPS.
  t = await createTestApp({ env: { SITE_URL: SITE, RATE_LIMIT: 'false', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

// SITE is https: the cookie is the `__Host-` one.
const sessionSetCookie = (res: LightMyRequestResponse, name = HOST_SESSION_COOKIE) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));

const cookieOf = (token: string, name = HOST_SESSION_COOKIE) => ({ cookie: `otra=1; ${name}=${token}` });

async function login(account: { email: string }, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cliente/login',
    headers,
    payload: { email: account.email, pass: FIXTURE_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('the login sets the session cookie', () => {
  it('on an https SITE_URL: __Host- name, HttpOnly, SameSite=Lax, Path=/, no Domain, Max-Age of the session, always Secure; the JSON keeps its token', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    // Secure even when the proxy in front is not trusted to say HTTPS: the site is HTTPS.
    const res = await login(client);
    const body = res.json<{ token: string; nickname: string }>();
    expect(body.nickname).toBe(client.nickname);
    const cookie = sessionSetCookie(res)!;
    expect(cookie).toBe(
      `${HOST_SESSION_COOKIE}=${body.token}; Path=/; Max-Age=${timings.sessionMaxAgeMs / 1000}; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(setCookies(res).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  it('on a plain-http SITE_URL (development): the plain name, no Secure over plain HTTP', async () => {
    const local = await createTestApp({ env: { SITE_URL: 'http://localhost:3000', RATE_LIMIT: 'false' } });
    try {
      const client = await createAccount(local.app, { kind: 'client', autorizado: 'aprobado' });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/cliente/login',
        payload: { email: client.email, pass: FIXTURE_PASSWORD },
      });
      const token = res.json<{ token: string }>().token;
      expect(sessionSetCookie(res, SESSION_COOKIE)).toBe(
        `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${timings.sessionMaxAgeMs / 1000}; HttpOnly; SameSite=Lax`,
      );
      expect(sessionSetCookie(res)).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('only the name of the site authenticates: a cookie planted under the other name is ignored', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    // The https site ignores the plain name (a subdomain or a plain-HTTP answer could have set it).
    const planted = await t.app.inject({
      url: '/api/cuenta/sesiones',
      headers: cookieOf(client.token, SESSION_COOKIE),
    });
    expect(planted.statusCode).toBe(401);
    const local = await createTestApp({ env: { SITE_URL: 'http://localhost:3000' } });
    try {
      const other = await createAccount(local.app, { kind: 'client', autorizado: 'aprobado' });
      const res = await local.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(other.token) });
      expect(res.statusCode).toBe(401);
      const plain = await local.app.inject({
        url: '/api/cuenta/sesiones',
        headers: cookieOf(other.token, SESSION_COOKIE),
      });
      expect(plain.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('on a plain-http site, is Secure when the request came over HTTPS through the trusted proxy only', async () => {
    for (const [trust, secure] of [
      ['true', true],
      ['false', false],
    ] as const) {
      const local = await createTestApp({ env: { SITE_URL: 'http://localhost:3000', TRUST_PROXY: trust } });
      try {
        const client = await createAccount(local.app, { kind: 'client', autorizado: 'aprobado' });
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/cliente/login',
          headers: { 'x-forwarded-proto': 'https' },
          payload: { email: client.email, pass: FIXTURE_PASSWORD },
        });
        expect(sessionSetCookie(res, SESSION_COOKIE), `TRUST_PROXY=${trust}`).toMatch(
          secure ? /; HttpOnly; SameSite=Lax; Secure$/ : /; HttpOnly; SameSite=Lax$/,
        );
      } finally {
        await local.close();
      }
    }
  });

  it('is set by the escort login and by both registrations', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: escort.email, pass: FIXTURE_PASSWORD },
    });
    expect(sessionSetCookie(res)).toContain(res.json<{ token: string }>().token);
    // Each cookie once: the session cookie is added beside the device cookie, not over a copy of it.
    const names = [res.headers['set-cookie']].flat().map((c) => String(c).split('=')[0] ?? '');
    expect(names.map((n) => n.replace(/^__Host-/, '')).sort()).toEqual([
      'encanto_dispositivo',
      'encanto_sesion',
    ]);

    for (const [url, payload] of [
      ['/api/cliente/registro', clientPayload()],
      ['/api/usuario/registro', escortPayload()],
    ] as const) {
      const reg = await t.app.inject({ method: 'POST', url, payload });
      expect(reg.statusCode, reg.body).toBe(201);
      expect(sessionSetCookie(reg)).toContain(reg.json<{ sesion: { token: string } }>().sesion.token);
    }
  });

  it('is not set while a second factor is still owed, and is set by the second step (TOTP enrolment and code)', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const credentials = { email: admin.email, pass: FIXTURE_PASSWORD };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login-admin',
      payload: credentials,
    });
    expect(first.json()).toMatchObject({ segundo_factor: 'inscribir' });
    expect(sessionSetCookie(first)).toBeUndefined();
    const { desafio } = first.json<{ desafio: string }>();
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/login/inscribir-totp',
      payload: { desafio },
    });
    const { secreto } = enrol.json<{ secreto: string }>();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/login/confirmar-totp',
      payload: { desafio, codigo: await freshCode(t.app, admin.id, secreto) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(sessionSetCookie(confirm)).toContain(confirm.json<{ token: string }>().token);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login-admin',
      payload: credentials,
    });
    expect(again.json()).toMatchObject({ segundo_factor: 'totp' });
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/login/segundo-factor',
      payload: {
        desafio: again.json<{ desafio: string }>().desafio,
        codigo: await freshCode(t.app, admin.id, secreto),
      },
    });
    expect(step.statusCode, step.body).toBe(200);
    const token = step.json<{ token: string }>().token;
    expect(sessionSetCookie(step)).toContain(token);
    // The cookie alone opens admin routes (the session passed the second factor).
    const list = await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(token) });
    expect(list.statusCode).toBe(200);
  });
});

describe('the API takes the cookie or the bearer header', () => {
  it('a cookie session reads own data, answered no-store', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(client.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const anon = await t.app.inject({
      url: '/api/cuenta/sesiones',
      headers: { cookie: `${HOST_SESSION_COOKIE}=x` },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a cross-site write carried by the cookie with 403 and the Spanish message', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    for (const headers of [
      { origin: 'https://malo.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/cuenta/sesiones',
        headers: { ...cookieOf(client.token), ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ mensaje: msg.originRefused, code: 'ORIGIN_REFUSED' });
    }
    // Refused before anything ran: the session still works.
    expect(
      (await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(client.token) })).statusCode,
    ).toBe(200);
  });

  it('accepts a write from the site itself: Origin of SITE_URL, or Sec-Fetch-Site same-origin', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    for (const headers of [{ origin: SITE }, { 'sec-fetch-site': 'same-origin' }]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/cuenta/sesiones',
        headers: { ...cookieOf(client.token), ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(204);
    }
  });

  it('outside production also accepts the address the request was sent to (a development server)', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cuenta/sesiones',
      headers: { ...cookieOf(client.token), host: '127.0.0.1:3101', origin: 'http://127.0.0.1:3101' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('bearer requests are unaffected: no Origin needed', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cuenta/sesiones',
      headers: { ...bearer(client), origin: 'https://malo.example' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('a bearer token beside the cookie exempts the write only when it names a live session', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const other = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cuenta/sesiones',
      headers: { ...cookieOf(client.token), ...bearer(other), origin: 'https://malo.example' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('an Authorization header that is no live bearer token does not switch the Origin check off', async () => {
    // A browser adds `Basic` by itself on a site behind HTTP authentication; the cookie still
    // authenticates such a request, so a cross-site form could otherwise write with it.
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const before = await t.app.inject({ url: '/api/cuenta/notificaciones', headers: cookieOf(client.token) });
    expect(before.statusCode, before.body).toBe(200);
    for (const authorization of [
      'Basic eDp5',
      'Basic x',
      'Bearer garbage',
      'Bearer',
      `Bearer ${'x'.repeat(43)}`, // well-formed, but no session
      'Token abc',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cuenta/notificaciones',
        headers: { ...cookieOf(client.token), authorization, origin: 'https://malo.example' },
        payload: { mensajes: !before.json<{ mensajes: boolean }>().mensajes },
      });
      expect(res.statusCode, authorization).toBe(403);
      expect(res.json()).toEqual({ mensaje: msg.originRefused, code: 'ORIGIN_REFUSED' });
    }
    const after = await t.app.inject({ url: '/api/cuenta/notificaciones', headers: cookieOf(client.token) });
    expect(after.json()).toEqual(before.json());
    // The same with the site's own Origin goes through: the Origin decided, not the header.
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/cuenta/notificaciones',
      headers: { ...cookieOf(client.token), authorization: 'Basic eDp5', origin: SITE },
      payload: { mensajes: !before.json<{ mensajes: boolean }>().mensajes },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a write without the cookie (anonymous, e.g. a login) needs no Origin', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await login(client, { origin: 'https://malo.example' });
    expect(res.statusCode).toBe(200);
  });
});

describe('ending the session clears the cookie', () => {
  const cleared = (res: LightMyRequestResponse) => {
    const cookie = sessionSetCookie(res);
    expect(cookie).toMatch(
      new RegExp(`^${HOST_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`),
    );
    expect(cookie).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  };

  it('logout with the cookie revokes that session and clears the cookie', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...cookieOf(client.token), origin: SITE },
    });
    expect(res.statusCode).toBe(204);
    cleared(res);
    const after = await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(client.token) });
    expect(after.statusCode).toBe(401);
  });

  it('ending the current session from the list clears it; ending another one does not', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const other = (await login(client)).json<{ token: string }>().token;
    const list = await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(client.token) });
    const rows = list.json<{ id: string; actual: boolean }[]>();
    const current = rows.find((r) => r.actual)!;
    const notCurrent = rows.find((r) => !r.actual)!;
    const endOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/cuenta/sesiones/${notCurrent.id}`,
      headers: { ...cookieOf(client.token), origin: SITE },
    });
    expect(endOther.statusCode).toBe(204);
    expect(sessionSetCookie(endOther)).toBeUndefined();
    expect(
      (await t.app.inject({ url: '/api/cuenta/sesiones', headers: bearer({ token: other }) })).statusCode,
    ).toBe(401);
    const endOwn = await t.app.inject({
      method: 'DELETE',
      url: `/api/cuenta/sesiones/${current.id}`,
      headers: { ...cookieOf(client.token), origin: SITE },
    });
    expect(endOwn.statusCode).toBe(204);
    cleared(endOwn);
  });

  it('deleting the account clears the cookie', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cuenta',
      headers: { ...cookieOf(client.token), origin: SITE },
      payload: { pass: FIXTURE_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    cleared(res);
  });
});

describe('POST /api/sesion/cookie (a stored token moved to the cookie)', () => {
  it('trades a live bearer token for the cookie of the same session', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const res = await t.app.inject({ method: 'POST', url: '/api/sesion/cookie', headers: bearer(client) });
    expect(res.statusCode).toBe(204);
    expect(sessionSetCookie(res)).toMatch(new RegExp(`^${HOST_SESSION_COOKIE}=${client.token}; Path=/;`));
    expect(
      (await t.app.inject({ url: '/api/cuenta/sesiones', headers: cookieOf(client.token) })).statusCode,
    ).toBe(200);
  });

  it('refuses a dead token, and the cookie alone (it proves nothing new)', async () => {
    const dead = await t.app.inject({
      method: 'POST',
      url: '/api/sesion/cookie',
      headers: bearer({ token: 'x'.repeat(43) }),
    });
    expect(dead.statusCode).toBe(401);
    expect(sessionSetCookie(dead)).toBeUndefined();
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/api/sesion/cookie',
      headers: { ...cookieOf(client.token), origin: SITE },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });
});
