import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { freshIp, redisEnv } from '../api/rate-limit-helpers.ts';

/**
 * Every route that checks a password goes through the one password guard: 10 wrong passwords from one
 * address for one account, then 429 even for the right one. The routes are found in the OpenAPI
 * document (any body field named like a password), so a new route that takes a password fails here
 * until it is listed below with the request that checks it. Turning two-step login off took 90 wrong
 * guesses unthrottled before it went through the guard.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ...redisEnv } });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD_FIELDS = ['pass', 'passActual', 'newPass', 'nuevaPass'];
const WRONG = 'no-es-la-clave-1';

interface Check {
  kind: FixtureAccount['kind'];
  /** The request with `pass` as the password checked; absent for routes that only set a new one. */
  body?: (who: FixtureAccount, pass: string) => Record<string, unknown>;
  /** Signed in with the account's session (bearer); logins send the e-mail instead. */
  session: boolean;
}

const proof = (kind: FixtureAccount['kind']): Check => ({
  kind,
  session: true,
  body: (_w, pass) => ({ pass }),
});
const login = (kind: FixtureAccount['kind']): Check => ({
  kind,
  session: false,
  body: (w, pass) => ({ email: w.email, pass }),
});
/** Routes that take a password field but only set a new one (nothing to guess). */
const setsOnly: Check = { kind: 'client', session: false };

const checks: Record<string, Check> = {
  'POST /api/cliente/login': login('client'),
  'POST /api/usuario/login': login('escort'),
  'POST /api/usuario/login-admin': login('admin'),
  'PUT /api/cliente/modificar-pass': {
    kind: 'client',
    session: true,
    body: (w, pass) => ({ rut_cliente: w.rut, passActual: pass, pass: 'nueva-clave-77' }),
  },
  'PUT /api/usuario/modificar-pass-por-pass': {
    kind: 'escort',
    session: true,
    body: (w, pass) => ({ nickname: w.nickname, passActual: pass, newPass: 'nueva-clave-77' }),
  },
  'DELETE /api/cuenta': proof('client'),
  'DELETE /api/cuenta/2fa': {
    kind: 'client',
    session: true,
    body: (_w, pass) => ({ pass, codigo: '123456' }),
  },
  'POST /api/cuenta/reautenticar': proof('client'),
  'POST /api/cuenta/2fa/totp': proof('client'),
  'POST /api/cuenta/2fa/totp/confirmar': {
    kind: 'client',
    session: true,
    body: (_w, pass) => ({ pass, codigo: '123456' }),
  },
  'POST /api/cuenta/2fa/codigos': proof('client'),
  'POST /api/cuenta/passkeys/opciones': proof('client'),
  'POST /api/cuenta/passkeys': {
    kind: 'client',
    session: true,
    body: (_w, pass) => ({ pass, respuesta: { id: 'x' } }),
  },
  'DELETE /api/cuenta/passkeys/{id}': proof('client'),
  'POST /api/cliente/registro': setsOnly,
  'POST /api/usuario/registro': setsOnly,
  'PUT /api/cliente/nueva-pass': setsOnly,
  'PUT /api/usuario/nueva-pass': setsOnly,
};

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Every operation whose JSON body has a password field. */
function passwordRoutes(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const found: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      if (Object.keys(props).some((p) => PASSWORD_FIELDS.includes(p)))
        found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

const urlOf = (key: string) => key.split(' ')[1]!.replace('{id}', '0b8a3f52-5d8e-4a37-9a5f-0e0b3c1f1a11');

describe('one password guard', () => {
  it('the list below names every route whose body takes a password', () => {
    expect(passwordRoutes(t.app)).toEqual(Object.keys(checks).sort());
  });

  for (const [key, check] of Object.entries(checks)) {
    if (!check.body) continue;
    it(`${key}: 10 wrong passwords, then 429 even with the right one`, async () => {
      const who = await createAccount(t.app, { kind: check.kind, autorizado: 'aprobado' });
      const ip = freshIp();
      const send = (pass: string) =>
        t.app.inject({
          method: key.split(' ')[0] as 'POST',
          url: urlOf(key),
          remoteAddress: ip,
          headers: check.session ? bearer(who) : {},
          payload: check.body!(who, pass),
        });
      for (let i = 0; i < 10; i++) {
        const res = await send(WRONG);
        expect([401, 404], `${key} try ${i + 1}: ${res.body}`).toContain(res.statusCode);
      }
      const blocked = await send(who.password);
      expect(blocked.statusCode, blocked.body).toBe(429);
    });
  }
});
