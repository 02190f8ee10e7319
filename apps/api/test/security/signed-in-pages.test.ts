import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';

/**
 * Issue 22: pages requested with the session cookie are rendered on the server for that account
 * (private, never in the public cache), other roles' pages answer 302, and no page carries the token.
 * Runs the real web build (built here when missing, as headers.test.ts does).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');

let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
let client: FixtureAccount;
let escort: FixtureAccount;
let admin: FixtureAccount;

beforeAll(async () => {
  if (!fs.existsSync(path.join(dist, 'server/entry-server.js'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@encanto/web'], {
      cwd: root,
      env: { ...process.env, WEB_DIST_DIR: dist },
      stdio: 'ignore',
    });
    if (r.status !== 0) throw new Error('web build failed');
  }
  process.env.WEB_DIST_DIR = dist;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-sec-pages-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DOCUMENT_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT: 'false',
  });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config, database: opened.database, web: true });
  await app.ready();
  client = await createAccount(app, { kind: 'client', autorizado: 'aprobado' });
  escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
  admin = await createAccount(app, { kind: 'admin' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
