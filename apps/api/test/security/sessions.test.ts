import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, FIXTURE_PASSWORD, type FixtureAccount } from '../helpers/fixtures.ts';
import { HASH_LEAK } from './world.ts';

/** Session tokens: entropy, storage as hashes only, expiry, logout; password hashes never leave the server. */
let t: TestApp;
let client: FixtureAccount;
let escort: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  [client, escort] = await Promise.all([
    createAccount(t.app, { kind: 'client' }),
    createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

async function login(account: FixtureAccount): Promise<{ token: string; body: string }> {
  const url = account.kind === 'client' ? '/api/cliente/login' : '/api/usuario/login';
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: { email: account.email, pass: FIXTURE_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { token: string }).token;
  return { token, body: res.body };
}

const whoAmI = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/cuenta/mis-datos',
    headers: { authorization: `Bearer ${token}` },
  });

describe('session tokens', () => {
  let tokens: string[] = [];

  beforeAll(async () => {
    // Logins verify an argon2 hash each: 24 of them, half per kind, is enough to see the alphabet and uniqueness.
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await login(client), await login(escort));
    tokens = results.map((r) => r.token);
    for (const r of results) expect(r.body).not.toMatch(HASH_LEAK);
  });

  it('carries at least 256 bits: 43+ base64url characters from a full alphabet, all distinct', () => {
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token.length * 6).toBeGreaterThanOrEqual(256);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // 24 tokens x 43 characters: a uniform 64-symbol source shows (nearly) every symbol; a hex or biased one cannot.
    const seen = new Set(tokens.join(''));
    expect(seen.size).toBeGreaterThanOrEqual(60);
    // No shared prefixes (counters, timestamps): the first 8 characters differ across all tokens.
    expect(new Set(tokens.map((x) => x.slice(0, 8))).size).toBe(tokens.length);
  });

  it('stores only a SHA-256 of each token: the sessions table never contains a token', async () => {
    const rows = await t.app.db.select().from(sessions);
    const dump = JSON.stringify(rows);
    for (const token of tokens) {
      expect(dump).not.toContain(token);
      expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
    }
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired session with 401', async () => {
    const { token } = await login(client);
    expect((await whoAmI(token)).statusCode).toBe(200);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.tokenHash, sha256(token)));
    const res = await whoAmI(token);
    expect(res.statusCode).toBe(401);
    expect((res.json() as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('ends the session on logout: the token answers 401 and its row is gone', async () => {
    const { token } = await login(escort);
    expect((await whoAmI(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await whoAmI(token)).statusCode).toBe(401);
    expect(
      await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token))),
    ).toEqual([]);
  });

  it('refuses malformed and forged bearer values with 401', async () => {
    const forged = [
      tokens[0]!.slice(0, -1) + (tokens[0]!.endsWith('A') ? 'B' : 'A'),
      sha256(tokens[0]!),
      `${tokens[0]} ${tokens[1]}`,
      "' OR 1=1 --aaaaaaaaaaaaaaaa",
      'x'.repeat(5000),
    ];
    for (const value of forged) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/cuenta/mis-datos',
        headers: { authorization: `Bearer ${value}` },
      });
      expect(res.statusCode, value.slice(0, 40)).toBe(401);
    }
  });
});

describe('password hashes never leave the server', () => {
  it('is absent from the data export and every own-data read of both kinds', async () => {
    const reads = [
      ['/api/cuenta/exportar', client],
      ['/api/cuenta/exportar', escort],
      ['/api/cuenta/mis-datos', client],
      [`/api/cliente/profile/${encodeURIComponent(client.rut)}`, client],
      [`/api/usuario/profile/${encodeURIComponent(escort.rut)}`, escort],
      [`/api/usuario/tu-card/${escort.nickname}`, escort],
      [`/api/usuario/publico/${escort.nickname}`, escort],
      [`/api/cliente/nickname/${client.nickname}`, escort],
    ] as const;
    for (const [url, who] of reads) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(who) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toMatch(HASH_LEAK);
      expect(res.body, url).not.toContain(who.token);
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/exportar',
      headers: bearer(client),
    });
    // The export is the account holder's everything: it has the e-mail, but never the hash or the session hashes.
    expect(exported.body).toContain(client.email);
    expect(exported.body).not.toMatch(/[0-9a-f]{64}/);
  });
});
