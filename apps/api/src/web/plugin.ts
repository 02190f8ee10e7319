import fs from 'node:fs/promises';
import { ageNoticeHtml } from '@encanto/core/age-notice';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@encanto/core/messages';
import type { ServerEntry, SsrSite } from '@encanto/core/ssr';
import { legacyRedirectFor } from '@encanto/core/paths';
import type { Entry } from '../lib/response-cache.ts';
import { isApiPath, requestPath } from '../lib/request-path.ts';
import { sendEntry } from '../lib/send-cached.ts';
import { carriesSessionCookie, createPrivateRenderer } from './private-render.ts';
import { inThisThread, renderThreads } from './render-pool.ts';
import { registerPwa } from './pwa.ts';

/** WEB_DIST_DIR lets parallel test runs build into their own folders. */
export const webDist =
  process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
// Precompressed siblings (.br/.gz, written by the web build) share their original's long cache.
const HASHED = /-[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|webp|png)(\.br|\.gz)?$/;

/** Serves the built web app: hashed assets, media, and every page rendered on the server. */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const clientDir = path.join(webDist, 'client');
  const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`The web app is not built (${clientDir}). Run: npm run build`);
  });
  // Built from apps/web/src/entry-server.tsx, which is typed against the same ServerEntry.
  const entryUrl = pathToFileURL(path.join(webDist, 'server', 'entry-server.js')).href;
  const entry = (await import(entryUrl)) as ServerEntry;
  // Rendering itself runs in render threads (render-pool.ts); routing and reads stay here.
  const renderer =
    app.config.renderThreads > 0
      ? await renderThreads(entryUrl, app.config.renderThreads)
      : inThisThread(entry);
  app.addHook('onClose', () => renderer.close());

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // A route per built file, listed once at start: the wildcard route reads the folder on every request
    // to check the name's spelling (decision 0197). A name not built falls to the 404 below.
    wildcard: false,
    // The build writes .br and .gz beside each text asset: sent as they are, no CPU per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      );
    },
  });
  // /media/ is served by plugins/media-files.ts in every mode (disk or S3).
  // The manifest, the service worker and the offline page, at the site root (web/pwa.ts).
  await registerPwa(app, clientDir);

  const site: SsrSite = {
    name: app.config.siteName,
    url: app.config.siteUrl,
    supportEmail: app.config.supportEmail,
  };

  const renderPrivate = createPrivateRenderer(app, entry, renderer, site, template);

  /**
   * Without a session cookie a page is rendered as an anonymous visitor, so one
   * URL's HTML is the same for everyone: it shares the public cache with the API
   * reads it is built from, fresh within 5 s and cleared at once by this
   * instance's own writes. With the cookie it is rendered for that account.
   */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // The routed path (lib/request-path.ts): decoded, and the path of an absolute-form target.
    const pathname = requestPath(request);
    const mark = request.url.indexOf('?');
    const query = mark < 0 ? '' : request.url.slice(mark + 1);
    const moved = legacyRedirectFor(pathname);
    // Old bookmarks and the spec's links keep working (the path table's legacy redirects); the
    // browser keeps any #fragment.
    if (moved) return reply.redirect(query ? `${moved}?${query}` : moved, 301);
    // Signed in (session cookie): rendered for the account, outside the public cache (private-render.ts).
    if (carriesSessionCookie(request)) {
      return renderPrivate(request, reply, pathname);
    }
    const page = await app.services.publicCache.getOrRender(`page:${request.url}`, () =>
      renderHtml(request.url),
    );
    return sendEntry(request, reply, page, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
    });
  };

  /**
   * One API read a page needs, made as an anonymous visitor and kept in the public cache under its
   * API path (same TTL, cleared by the same writes), parsed once: the many pages built from one read
   * (filters, page numbers, any query string) share it instead of an app.inject and a JSON.parse
   * per render (decision 0107). Server errors are not kept: the page renders without them, as before.
   */
  const prefetch = async (apiPath: string): Promise<unknown> => {
    let cached: Entry;
    try {
      cached = await app.services.publicCache.getOrRender(`prefetch:${apiPath}`, async () => {
        const res = await app.inject({ method: 'GET', url: `/api${apiPath}` });
        if (res.statusCode >= 500) throw new Error(`prefetch ${apiPath}: ${res.statusCode}`);
        return { body: res.body, status: res.statusCode };
      });
    } catch {
      return undefined;
    }
    if (cached.status !== 200) return undefined;
    let value = parsed.get(cached);
    if (value === undefined) {
      // Frozen: every render of the next 5 s reads this one object; none may change it.
      value = deepFreeze(JSON.parse(cached.body));
      parsed.set(cached, value);
    }
    return value;
  };
  const parsed = new WeakMap<Entry, unknown>();

  const renderHtml = async (url: string) => {
    const mark = url.indexOf('?');
    const pathname = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark);
    const data: Record<string, unknown> = {};
    await Promise.all(
      entry.prefetchPaths(decodeURIComponentSafe(pathname), search).map(async (apiPath) => {
        const value = await prefetch(apiPath);
        if (value !== undefined) data[apiPath] = value;
      }),
    );
    const result = await renderer.render(url, site, data);
    const html = template
      // Function replacers: a string replacement would expand '$$', '$&' and the
      // like found in page content (e.g. JSON-LD priceRange '$$' became '$').
      .replace('<!--app-head-->', () => result.head)
      // The 18+ notice, working before the app's scripts (decision 0141).
      .replace('<!--app-age-->', () => ageNoticeHtml)
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => result.state);
    return { body: html, status: result.status };
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request);
    if (isApiPath(pathname)) {
      return reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' });
    }
    if (pathname.startsWith('/assets/') || pathname.startsWith('/media/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado.');
    }
    return renderPage(request, reply);
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
