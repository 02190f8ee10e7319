import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The theme colour of the installed app's frame: the page background (index.html's theme-color). */
export const APP_THEME = '#140b10';

/**
 * The web app manifest (decision 0166): built from the configuration, so SITE_NAME names the installed app.
 * It opens on the listing (the splash is for first visits from a search), standalone, within the whole site.
 */
export function webManifest(siteName: string) {
  return {
    id: '/',
    name: siteName,
    short_name: siteName.length <= 12 ? siteName : siteName.slice(0, 12),
    description: 'Directorio de escorts verificadas en Chile.',
    lang: 'es-CL',
    dir: 'ltr',
    start_url: '/Escort',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: APP_THEME,
    theme_color: APP_THEME,
    icons: [
      { src: '/assets/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/assets/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/assets/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/**
 * The installable app's three files at the site root: the manifest, the service worker (written by the web
 * build, apps/web/pwa/sw.js) and the offline page it precaches. The worker is served from the root, so its
 * scope is the whole site, with `no-cache`: browsers check it on each visit and a new build takes over at
 * once (decision 0167).
 */
export async function registerPwa(app: FastifyInstance, clientDir: string): Promise<void> {
  const [worker, offline] = await Promise.all([
    fs.readFile(path.join(clientDir, 'sw.js'), 'utf8'),
    fs.readFile(path.join(clientDir, 'offline.html'), 'utf8'),
  ]).catch(() => {
    throw new Error(`The web build in ${clientDir} has no service worker (sw.js). Run: npm run build`);
  });
  const manifest = JSON.stringify(webManifest(app.config.siteName));

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(manifest),
  );
  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(worker),
  );
  app.get('/offline.html', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(offline),
  );
}
