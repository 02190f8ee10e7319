import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createWebTestApp } from '../helpers/web-app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile, noiseJpeg } from '../helpers/gallery-media.ts';

/**
 * Security headers on every kind of answer: API JSON, API errors, a
 * server-rendered page (through the real web build, built here when missing,
 * as CI builds it first) and uploaded media.
 */

let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let mediaUrl: string;
let escort: FixtureAccount;

beforeAll(async () => {
  web = await createWebTestApp({
    // Behind one proxy, as in production: its X-Forwarded-Proto says whether the visitor used HTTPS.
    TRUST_PROXY: 'true',
    RATE_LIMIT: 'false',
  });
  app = web.app;
  escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
  const form = multipartFile(await noiseJpeg(120, 90), 'foto.jpg', 'image/jpeg');
  const up = await app.inject({
    method: 'POST',
    url: `/api/upload/subir-imagenes/${escort.nickname}`,
    headers: { ...form.headers, ...bearer(escort) },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(201);
  mediaUrl = (up.json() as { fileUrl: string }).fileUrl;
});
afterAll(async () => {
  await web?.close();
});

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.size, `${what}: Content-Security-Policy`).toBeGreaterThan(0);
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts, `${what}: script-src`).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${what}: script-src ${unsafe}`).not.toContain(unsafe);
  expect(policy.get('script-src-attr') ?? [], `${what}: script-src-attr`).not.toContain("'unsafe-inline'");
  expect(policy.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  // No third-party images: links are downloaded and served as our own media (decision 0051).
  expect(policy.get('img-src'), `${what}: img-src`).toEqual(["'self'", 'data:', 'blob:']);
  // Videos too: no `https:` wildcard (no S3_PUBLIC_URL here, so no CDN origin either).
  expect(policy.get('media-src'), `${what}: media-src`).toEqual(["'self'", 'blob:']);
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(
    ['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin'],
    `${what}: Referrer-Policy`,
  ).toContain(res.headers['referrer-policy']);
  expect(res.headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
}

describe('security headers', () => {
  it('are on API JSON answers, success and error alike', async () => {
    const answers = [
      ['GET /api/health', await app.inject('/api/health')],
      ['GET /api/ultimos', await app.inject('/api/ultimos')],
      ['401 /api/cuenta/mis-datos', await app.inject('/api/cuenta/mis-datos')],
      ['404 /api/no-existe', await app.inject('/api/no-existe')],
      [
        '400 bad JSON',
        await app.inject({
          method: 'POST',
          url: '/api/cliente/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      ],
    ] as const;
    for (const [what, res] of answers) {
      expect(String(res.headers['content-type']), what).toContain('application/json');
      expectSecurityHeaders(res, what);
    }
  });

  it('are on a server-rendered page, whose scripts all load from our origin', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expectSecurityHeaders(res, 'GET /');
    // Under script-src 'self' an inline script runs only if the policy names its hash: every <script> is
    // external, a JSON data block, or the one inline script the policy names (the 18+ notice's, decision 0141).
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    let inline = 0;
    for (const [, tag, body] of res.body.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
      const external = /\bsrc="\/[^/]/.test(tag!);
      const data = /type="application\/(?:ld\+)?json"/.test(tag!);
      if (external || data) continue;
      inline += 1;
      const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
      expect(scriptSrc.split(' '), `${tag} not named by script-src`).toContain(hash);
    }
    expect(inline).toBe(1);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
    const missing = await app.inject('/no-existe-esta-pagina');
    expectSecurityHeaders(missing, 'SSR 404');
  });

  it('are on uploaded media, served with their real type and never sniffed', async () => {
    const res = await app.inject(mediaUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectSecurityHeaders(res, mediaUrl);
    const traversal = await app.inject('/media/..%2f..%2fetc%2fpasswd');
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.statusCode).toBeLessThan(500);
    expect(traversal.body).not.toContain('root:');
  });
});

const HSTS = 'max-age=31536000; includeSubDomains';

describe('Strict-Transport-Security', () => {
  it('is sent when the request came over HTTPS through the trusted proxy, on API, pages and media', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of ['/api/health', '/api/no-existe', '/', mediaUrl]) {
      const res = await app.inject({ url, headers: https });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
  });

  it('is not sent over plain HTTP, where a browser would ignore it and a test server would pin itself', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect((await app.inject(url)).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('ignores X-Forwarded-Proto written by a client when no proxy is trusted', async () => {
    const direct = await createTestApp({ env: { TRUST_PROXY: 'false' } });
    try {
      const res = await direct.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe('Cache-Control on authenticated requests', () => {
  it('is no-store on every answer to a request with a session: own data, public reads, errors, pages, media', async () => {
    const client = await createAccount(app, { kind: 'client', autorizado: 'aprobado' });
    const admin = await createAccount(app, { kind: 'admin' });
    const calls: [string, FixtureAccount, number][] = [
      ['/api/cuenta/mis-datos', escort, 200],
      [`/api/usuario/profile/${encodeURIComponent(escort.rut)}`, escort, 200],
      ['/api/favorites/mios', client, 200],
      ['/api/appointments/pendientes/' + escort.nickname, escort, 200],
      ['/api/denuncias', admin, 200],
      // Public reads answered under a session may be personalised later; a shared cache must never keep them.
      ['/api/ultimos', client, 200],
      [`/api/usuario/publico/${escort.nickname}`, client, 200],
      [`/api/comments/nick_usuario/${escort.nickname}`, client, 200],
      ['/api/denuncias', client, 403],
      ['/api/no-existe', client, 404],
      ['/', client, 200],
      [mediaUrl, client, 200],
    ];
    for (const [url, who, status] of calls) {
      const res = await app.inject({ url, headers: bearer(who) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 120)}`).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on writes and on the 304 of a revalidated public read under a session', async () => {
    const first = await app.inject({ url: '/api/ultimos', headers: bearer(escort) });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      url: '/api/ultimos',
      headers: { ...bearer(escort), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
    const write = await app.inject({
      method: 'PUT',
      url: '/api/cuenta/pausa',
      headers: bearer(escort),
      payload: { pausado: false },
    });
    expect(write.statusCode).toBe(200);
    expect(write.headers['cache-control']).toBe('no-store');
  });

  it('leaves anonymous public reads cacheable as before', async () => {
    const listing = await app.inject('/api/ultimos');
    expect(listing.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    const media = await app.inject(mediaUrl);
    expect(media.headers['cache-control']).toContain('immutable');
  });
});
