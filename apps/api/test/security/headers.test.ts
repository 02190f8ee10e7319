import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { multipartFile, noiseJpeg } from '../helpers/gallery-media.ts';

/**
 * Security headers on every kind of answer: API JSON, API errors, a
 * server-rendered page (through the real web build, built here when missing,
 * as CI builds it first) and uploaded media.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');

let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
let mediaUrl: string;

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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-sec-headers-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DOCUMENT_KEY: randomBytes(32).toString('hex'),
  });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config, database: opened.database, web: true });
  await app.ready();
  const escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
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
  await app?.close();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
  // No third-party images: links are downloaded and served as our own media (issue 14).
  expect(policy.get('img-src'), `${what}: img-src`).toEqual(["'self'", 'data:', 'blob:']);
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
    // Under script-src 'self' an inline script would not run: every <script> must be external or a JSON data block.
    for (const [tag] of res.body.matchAll(/<script\b[^>]*>/gi)) {
      const external = /\bsrc="\/[^/]/.test(tag);
      const data = /type="application\/(?:ld\+)?json"/.test(tag);
      expect(external || data, tag).toBe(true);
    }
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
