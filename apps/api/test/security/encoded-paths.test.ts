import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile, noiseJpeg } from '../helpers/gallery-media.ts';
import { HOST_SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';
import { routedPath } from '../../src/lib/request-path.ts';

/**
 * Another spelling of a path under /api. Fastify's router matches the percent-decoded path (and the
 * path of an absolute-form target), while `request.url` is the target as sent: hooks that asked
 * `request.url.startsWith('/api/')` let `PUT /%61pi/cuenta/notificaciones`, with the session cookie
 * and a foreign Origin, through the CSRF check, and left `GET /%61pi/…` without `no-store`.
 */
let t: TestApp;
let client: FixtureAccount;
let escort: FixtureAccount;
const SITE = 'https://encanto.example';
const FOREIGN = 'https://malo.example';

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: SITE, RATE_LIMIT: 'false' } });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
});
afterAll(() => t.close());

const cookieOf = (a: FixtureAccount) => ({ cookie: `${HOST_SESSION_COOKIE}=${a.token}` });
const ORIGIN_REFUSED = { mensaje: msg.originRefused, code: 'ORIGIN_REFUSED' };

async function prefs(): Promise<{ mensajes: boolean }> {
  const res = await t.app.inject({ url: '/api/cuenta/notificaciones', headers: cookieOf(client) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const crossSiteWrite = async (url: string) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...cookieOf(client), origin: FOREIGN },
    payload: { mensajes: !(await prefs()).mensajes },
  });

/** Spellings the router takes to PUT/GET /api/cuenta/notificaciones. */
const ROUTED = [
  '/%61pi/cuenta/notificaciones',
  '/ap%69/cuenta/notificaciones',
  '/%61%70%69/cuenta/notificaciones',
  '/api/%63uenta/notificaciones',
  '/api/cuenta/notificaciones?x=1',
];

describe('a cross-site write with the cookie, under another spelling of /api', () => {
  it('is refused with 403 when the spelling reaches the route', async () => {
    const before = await prefs();
    for (const url of ROUTED) {
      // The spelling does reach the route: a read with the cookie answers the preferences.
      const read = await t.app.inject({ url, headers: cookieOf(client) });
      expect(read.statusCode, url).toBe(200);
      const res = await crossSiteWrite(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual(ORIGIN_REFUSED);
    }
    expect(await prefs()).toEqual(before);
  });

  it('changes nothing when the router routes the spelling nowhere (case, //, ;, trailing / or %2F, encoded /)', async () => {
    const before = await prefs();
    for (const url of [
      '/API/cuenta/notificaciones',
      '/Api/cuenta/notificaciones',
      '//api/cuenta/notificaciones',
      '/api//cuenta/notificaciones',
      '/api;x=1/cuenta/notificaciones',
      '/api/cuenta/notificaciones;x=1',
      '/api/cuenta/notificaciones/',
      '/api/cuenta/notificaciones%2F',
      '/api%2Fcuenta%2Fnotificaciones',
      '/%2561pi/cuenta/notificaciones',
    ]) {
      const res = await crossSiteWrite(url);
      expect([403, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    expect(await prefs()).toEqual(before);
    // The router is case-sensitive (Fastify's default): /API is no route, even from the site itself.
    const own = await t.app.inject({
      method: 'PUT',
      url: '/API/cuenta/notificaciones',
      headers: { ...cookieOf(client), origin: SITE },
      payload: { mensajes: !before.mensajes },
    });
    expect(own.statusCode).toBe(404);
  });

  it('a multipart upload on /%61pi/upload/… is refused and stores nothing', async () => {
    const upload = async (origin: string) => {
      const form = multipartFile(await noiseJpeg(80, 60), 'foto.jpg', 'image/jpeg');
      return t.app.inject({
        method: 'POST',
        url: `/%61pi/upload/subir-imagenes/${escort.nickname}`,
        headers: { ...form.headers, ...cookieOf(escort), origin },
        payload: form.payload,
      });
    };
    const gallery = async () => {
      const res = await t.app.inject({
        url: `/api/upload/obtener-imagenes-por-usuario/${escort.nickname}`,
        headers: cookieOf(escort),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ imagenes: unknown[] }>().imagenes;
    };
    const res = await upload(FOREIGN);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(ORIGIN_REFUSED);
    expect(await gallery()).toEqual([]);
    // From the site itself the same spelling does reach the upload route.
    expect((await upload(SITE)).statusCode).toBe(201);
    expect(await gallery()).toHaveLength(1);
  });
});

describe('a read with the cookie under another spelling of /api', () => {
  it('is answered no-store, as under /api', async () => {
    for (const url of [...ROUTED, '/%61pi/cuenta/sesiones']) {
      const res = await t.app.inject({ url, headers: cookieOf(client) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

/** One raw HTTP/1.1 request with exactly this request target (light-my-request would normalise it). */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [
      `${method} ${target} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
    ];
    // write, not end: a half-closed socket may be dropped before a slower answer is written.
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('request targets only a real socket carries (absolute form, dot-segments)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  const write = async (target: string) =>
    rawRequest(
      port,
      'PUT',
      target,
      { ...cookieOf(client), origin: FOREIGN, 'content-type': 'application/json' },
      JSON.stringify({ mensajes: !(await prefs()).mensajes }),
    );

  it('an absolute-form target reaches the route by its path, and gets the CSRF check and no-store', async () => {
    const before = await prefs();
    for (const target of [
      `http://127.0.0.1:${port}/api/cuenta/notificaciones`,
      `HTTPS://encanto.example/%61pi/cuenta/notificaciones`,
    ]) {
      const read = await rawRequest(port, 'GET', target, cookieOf(client));
      expect(read.status, target).toBe(200);
      expect(read.headers['cache-control'], target).toBe('no-store');
      const res = await write(target);
      expect(res.status, `${target}: ${res.body}`).toBe(403);
      expect(JSON.parse(res.body)).toEqual(ORIGIN_REFUSED);
    }
    expect(await prefs()).toEqual(before);
  });

  it('dot-segments and backslashes reach no route under /api and change nothing', async () => {
    const before = await prefs();
    for (const target of [
      '/api/../api/cuenta/notificaciones',
      '/x/../api/cuenta/notificaciones',
      '/api/./cuenta/notificaciones',
      '/api/cuenta/%2e%2e/cuenta/notificaciones',
      '/api\\cuenta/notificaciones',
    ]) {
      const res = await write(target);
      expect([400, 403, 404], `${target}: ${res.status} ${res.body}`).toContain(res.status);
    }
    expect(await prefs()).toEqual(before);
  });
});

describe('routedPath (the one helper every path-deciding hook uses)', () => {
  it('decodes, strips the query, the fragment and an absolute-form origin', () => {
    expect(routedPath('/%61pi/cuenta?x=%61')).toBe('/api/cuenta');
    expect(routedPath('/api/x#frag')).toBe('/api/x');
    expect(routedPath('http://host:1/api/x?y')).toBe('/api/x');
    expect(routedPath('HTTPS://host')).toBe('/');
    expect(routedPath('https://host?q')).toBe('/');
    expect(routedPath('/api%2Fx')).toBe('/api/x');
    expect(routedPath('/%zz/x')).toBe('/%zz/x');
    expect(routedPath('//api/x')).toBe('//api/x');
    expect(routedPath('*')).toBe('*');
  });
});
