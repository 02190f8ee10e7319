import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { ageNoticeScript } from '@encanto/core/age-notice';

/**
 * A strict CSP the app works under: scripts only from our origin (the SSR data
 * and JSON-LD are non-executable JSON blocks), no framing, no plugins.
 * Inline style attributes are allowed because React sets progress widths and
 * image aspect ratios with them; styles cannot run code. Images come only from
 * us (photos given as links are downloaded and stored as our own media), plus
 * the media CDN that /media/ redirects to when S3_PUBLIC_URL is set; so do
 * videos (media-src), never from any other https: host.
 */
const ageNoticeScriptHash = `'sha256-${createHash('sha256').update(ageNoticeScript).digest('base64')}'`;

export function helmetOptions(mediaOrigin?: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Plus the one inline script, the 18+ notice's (decision 0141), by its hash.
        scriptSrc: ["'self'", ageNoticeScriptHash],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
        // Gallery videos come from /media/ (or the CDN it redirects to), as images do.
        mediaSrc: ["'self'", 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  };
}

/** The origin of S3_PUBLIC_URL (a CSP source names an origin, not a folder). */
export const mediaOriginOf = (publicUrl: string | undefined) =>
  publicUrl ? new URL(publicUrl).origin : undefined;

/**
 * The headers @fastify/helmet sets with these options, read once at start-up
 * from a probe app. The plugin rebuilt helmet's middleware (re-parsing the
 * CSP) on every request, about 4% of a cached listing's CPU; the values are
 * static (no CSP nonces), so the app sets them from this list instead.
 */
export async function securityHeaders(mediaOrigin?: string): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions(mediaOrigin));
  probe.get('/', async () => '');
  const res = await probe.inject('/');
  await probe.close();
  const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(res.headers)
    .filter(([name]) => !transport.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/** One year, subdomains included: the whole site is HTTPS-only once a browser has seen it over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { mediaOrigin?: string } = {},
): Promise<void> {
  const headers = await securityHeaders(options.mediaOrigin);
  // On the raw response, as helmet did: every reply gets them (routes, 404s, errors, static files).
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    // Only over HTTPS (directly, or per the trusted proxy's X-Forwarded-Proto): browsers ignore it on
    // plain HTTP, and a development server on http://localhost must not pin itself to HTTPS.
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
