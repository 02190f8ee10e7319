import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp } from '../helpers/web-app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';
import { withKnownSession } from '../../src/plugins/auth.ts';
import { resolveSession } from '../../src/modules/sessions/service.ts';

/**
 * Decision 0108: pages requested with the session cookie are rendered on the server for that account
 * (private, never in the public cache), other roles' pages answer 302, and no page carries the token.
 * Runs the real web build (built here when missing, as headers.test.ts does).
 */

let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let client: FixtureAccount;
let escort: FixtureAccount;
let admin: FixtureAccount;

beforeAll(async () => {
  web = await createWebTestApp({ RATE_LIMIT: 'false' });
  app = web.app;
  client = await createAccount(app, { kind: 'client', autorizado: 'aprobado' });
  escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
  admin = await createAccount(app, { kind: 'admin' });
}, 360_000);

afterAll(async () => {
  await web?.close();
});

const withCookie = (account: { token: string }) => ({ cookie: `${SESSION_COOKIE}=${account.token}` });
// React separates adjacent text with a comment: '@<!-- -->nickname'.
const nick = (account: FixtureAccount) => new RegExp(`dashboard-nick">@(<!-- -->)?${account.nickname}<`);
const page = (url: string, account?: { token: string }) =>
  app.inject({ url, headers: account ? withCookie(account) : {} });

describe('a page requested with the session cookie', () => {
  it('is rendered for the account: its nickname and own data in the first HTML, private and no-store', async () => {
    const res = await page('/mi-cuenta/perfil', client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toMatch(nick(client));
    // The client's own profile read (a private GET) came with the page.
    expect(res.body).toContain(client.email);
    expect(res.body).toContain('"session":{"nickname"');
  });

  it("renders the escort's panel and the admin console with their owners' names", async () => {
    const panel = await page('/panel', escort);
    expect(panel.statusCode).toBe(200);
    expect(panel.body).toMatch(nick(escort));
    const console = await page('/pendientes/usuarios', admin);
    expect(console.statusCode).toBe(200);
    expect(console.body).toMatch(new RegExp(`admin-who">\\[(<!-- -->)?${admin.nickname}(<!-- -->)?\\]`));
  });

  it("answers another role's page with a 302, not a page that moves after hydration", async () => {
    const cases: [string, FixtureAccount, string][] = [
      ['/pendientes', client, '/login-admin'],
      ['/pendientes/usuarios', escort, '/login-admin'],
      ['/panel', client, '/Login'],
      ['/mi-cuenta/favoritos', escort, '/Login'],
    ];
    for (const [url, account, to] of cases) {
      const res = await page(url, account);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it("answers an area's index with a 302 to its first page, for its own role", async () => {
    const cases: [string, FixtureAccount, string][] = [
      ['/pendientes', admin, '/pendientes/usuarios'],
      ['/mi-cuenta', client, '/mi-cuenta/favoritos'],
    ];
    for (const [url, account, to] of cases) {
      const res = await page(url, account);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('with a dead cookie: the cookie is cleared and a guarded page sends to /Login', async () => {
    const res = await page('/panel', { token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/Login');
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0`));
  });

  it('never enters the public page cache, and never serves from it', async () => {
    const signedIn = await page('/Escort?vista=cookies', client);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toContain(client.nickname);
    const anonymous = await page('/Escort?vista=cookies');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.body).not.toContain(client.nickname);
    expect(anonymous.body).not.toContain('"session"');
    const again = await page('/Escort?vista=cookies', escort);
    expect(again.body).toContain(escort.nickname);
    expect(again.body).not.toContain(client.nickname);
  });

  it('without a cookie stays as before: the shared anonymous render, no server redirect', async () => {
    const res = await page('/panel');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('"session"');
  });

  it('no page carries the session token', async () => {
    const urls = [
      '/',
      '/Escort',
      '/mi-cuenta/perfil',
      '/mi-cuenta/cuenta',
      '/mi-cuenta/favoritos',
      '/mi-cuenta/citas',
    ];
    for (const url of urls) {
      const res = await page(url, client);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(client.token);
    }
    for (const url of ['/panel', '/panel/perfil', '/panel/cuenta', `/TuCard/${escort.nickname}`]) {
      const res = await page(url, escort);
      expect(res.body, url).not.toContain(escort.token);
    }
    const adminPage = await page('/pendientes', admin);
    expect(adminPage.body).not.toContain(admin.token);
  });
});

describe('rendering a signed-in page cheaply (decision 0112)', () => {
  it("a page's second load, made from the reads remembered from the first, shows what changed since", async () => {
    const first = await page('/panel/perfil', escort);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(escort.email);
    expect(first.body).not.toContain('Martes y jueves desde las 21:30');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/usuario/modificar',
      headers: { authorization: `Bearer ${escort.token}` },
      payload: {
        rut_usuario: escort.rut,
        apellido: escort.nickname,
        fono: '987654321',
        url: escort.url,
        medidas: '90/60/90',
        legenda: 'Hola.',
        horario: 'Martes y jueves desde las 21:30',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await page('/panel/perfil', escort);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(escort.email);
    expect(second.body).toContain('Martes y jueves desde las 21:30');
    // Another account opening the same page gets her own reads, never the escort's remembered ones.
    const other = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
    const hers = await page('/panel/perfil', other);
    expect(hers.body).toContain(other.email);
    expect(hers.body).not.toContain(escort.email);
  });

  it("the server's own reads for a page skip the session lookup only for the token it already resolved", async () => {
    const account = (await resolveSession(app.db, client.token, app.services.clock.now()))!;
    const unknownToken = 'k'.repeat(43);
    const read = (token: string, known: Record<string, string> = {}) =>
      app.inject({
        url: '/api/favorites/mios',
        headers: { cookie: `${SESSION_COOKIE}=${token}`, ...known },
      });
    // Outside: a token with no session is refused.
    expect((await read(unknownToken)).statusCode).toBe(401);
    // With the key, the resolved token counts as its account (no second lookup)...
    const inside = await withKnownSession(unknownToken, account, (known) => read(unknownToken, known));
    expect(inside.statusCode).toBe(200);
    // ...any other token is still looked up: the key names one token, not a caller...
    const otherToken = await withKnownSession(unknownToken, account, (known) => read('m'.repeat(43), known));
    expect(otherToken.statusCode).toBe(401);
    // ...and the key is gone once the work is done.
    let spent: Record<string, string> = {};
    await withKnownSession(unknownToken, account, async (known) => {
      spent = known;
    });
    expect((await read(unknownToken, spent)).statusCode).toBe(401);
  });
});
