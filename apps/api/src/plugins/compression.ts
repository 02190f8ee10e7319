import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';

/** Worth compressing: pages, JSON, sitemap and robots, and any text asset without a precompressed sibling. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed body saves less than the header and the CPU cost. */
const THRESHOLD = 1024;
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** 'br' or 'gzip' when the client accepts it (q > 0), brotli first; null otherwise. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function compressBody(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams: files, precompressed assets
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.getHeader('content-encoding'))
    return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(payload) < THRESHOLD) return payload;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, brotliOptions)
      : zlib.gzipSync(payload, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

/**
 * Compresses server-rendered pages and JSON for clients that ask for it. Brotli
 * at quality 4 and gzip at level 6 cost 0.05-0.4 ms for a city page or a
 * listing here (brotli 11 costs 25 ms); the built JS and CSS are compressed once
 * at build time instead (web/plugin.ts serves their .br/.gz as they are).
 *
 * One onSend hook instead of @fastify/compress: that plugin hooks each route
 * (not the not-found handler that renders every page) and adds an onRequest and
 * an onSend hook per route; here a request without Accept-Encoding costs one
 * header lookup, so plain HTTP clients (the listing benchmark) pay nothing.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Callback style: no promise per request on the path that does nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers['accept-encoding'] === undefined) return done(null, payload);
    try {
      done(null, compressBody(request, reply, payload));
    } catch (err) {
      done(err as Error);
    }
  });
}
