import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp } from '../helpers/web-app.ts';
import type { TestApp } from '../helpers/app.ts';

/**
 * The installable app's files (decisions 0166, 0167): the manifest, the service worker and the offline
 * page, served from the site root with the types and headers browsers require, and linked from every page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createWebTestApp({ SITE_NAME: 'Encanto' });
});
afterAll(async () => {
  await t?.close();
});

describe('web app manifest', () => {
  it('is served as application/manifest+json with what the install criteria ask for', async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<Record<string, unknown> & { icons: { sizes: string; purpose: string }[] }>();
    expect(manifest).toMatchObject({
      name: 'Encanto',
      short_name: 'Encanto',
      lang: 'es-CL',
      start_url: '/Escort',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('names icons that exist as PNGs of their stated size', async () => {
    const { icons } = (await t.app.inject('/manifest.webmanifest')).json<{
      icons: { src: string; sizes: string }[];
    }>();
    for (const icon of icons) {
      const res = await t.app.inject(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      // The PNG header's width and height (IHDR, bytes 16-23).
      const size = `${res.rawPayload.readUInt32BE(16)}x${res.rawPayload.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
    }
  });

  it('is linked from every page (they share one HTML template)', async () => {
    for (const url of ['/', '/Escort', '/Informacion', '/no-existe']) {
      const html = (await t.app.inject(url)).body;
      expect(html, url).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, url).toContain('rel="apple-touch-icon"');
    }
  });
});

describe('service worker', () => {
  it('is served from the root as JavaScript, never cached stale, allowed the whole site', async () => {
    const res = await t.app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  /** The worker's own code, run in a sandbox that records its listeners and exposes its router. */
  async function loadWorker() {
    const code = (await t.app.inject('/sw.js')).body;
    const listeners: Record<string, unknown> = {};
    const self: Record<string, unknown> = {
      location: { origin: 'https://encanto.example' },
      addEventListener: (type: string, fn: unknown) => (listeners[type] = fn),
    };
    vm.runInNewContext(code, { self, URL, Request, Response, caches: {}, fetch: () => null });
    return {
      self: self as { __PRECACHE: string[]; __routeOf: (r: unknown, origin: string) => string | null },
      listeners,
    };
  }
  const req = (url: string, init: { method?: string; mode?: string } = {}) => ({
    url: `https://encanto.example${url}`,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
  });

  it('precaches the shell, the offline page and the icons, and no page nor API answer', async () => {
    const { self, listeners } = await loadWorker();
    expect(Object.keys(listeners).sort()).toEqual([
      'activate',
      'fetch',
      'install',
      'notificationclick',
      'push',
    ]);
    expect(self.__PRECACHE).toEqual(
      expect.arrayContaining(['/offline.html', '/assets/offline.css', '/assets/icons/icon-192.png']),
    );
    expect(self.__PRECACHE.some((p) => /^\/assets\/index-[\w-]{8}\.js$/.test(p))).toBe(true);
    expect(self.__PRECACHE.some((p) => /^\/assets\/index-[\w-]{8}\.css$/.test(p))).toBe(true);
    expect(self.__PRECACHE.filter((p) => p !== '/offline.html' && !p.startsWith('/assets/'))).toEqual([]);
    // Every precached file is served.
    for (const path of self.__PRECACHE) expect((await t.app.inject(path)).statusCode, path).toBe(200);
  });

  it('stores only static files: pages go to the network, API calls and media are left alone', async () => {
    const { self } = await loadWorker();
    const route = (r: ReturnType<typeof req>) => self.__routeOf(r, 'https://encanto.example');
    expect(route(req('/panel/perfil', { mode: 'navigate' }))).toBe('page');
    expect(route(req('/mi-cuenta', { mode: 'navigate' }))).toBe('page');
    expect(route(req('/assets/index-BNpjPr7v.js'))).toBe('asset');
    expect(route(req('/assets/offline.css'))).toBe('asset');
    expect(route(req('/api/cuenta/notificaciones'))).toBeNull();
    expect(route(req('/api/escorts'))).toBeNull();
    expect(route(req('/media/abc.webp'))).toBeNull();
    expect(route(req('/assets/index-BNpjPr7v.js', { method: 'POST' }))).toBeNull();
    expect(route(req('/api/push/suscripciones', { method: 'POST' }))).toBeNull();
    // Not hashed and not precached: the network decides its freshness.
    expect(route(req('/assets/hero.svg'))).toBeNull();
    expect(
      self.__routeOf({ ...req('/x'), url: 'https://cdn.example/x.js' }, 'https://encanto.example'),
    ).toBeNull();
  });
});

describe('offline page', () => {
  it('says in Spanish that there is no connection, and is kept out of search engines', async () => {
    const res = await t.app.inject('/offline.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('Sin conexión. Revisa tu internet y vuelve a intentarlo.');
    expect(res.body).toContain('lang="es-CL"');
  });
});
