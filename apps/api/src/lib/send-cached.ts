import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Entry } from './response-cache.ts';

export interface CachedReplyOptions {
  contentType: string;
  cacheControl: string;
}

const json: CachedReplyOptions = {
  contentType: 'application/json; charset=utf-8',
  cacheControl: 'public, max-age=5, stale-while-revalidate=30',
};

/** Sends a cache entry with its ETag and status; a matching If-None-Match gets 304. */
export function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  options: CachedReplyOptions = json,
) {
  reply.header('cache-control', options.cacheControl).header('etag', entry.etag);
  const inm = request.headers['if-none-match'];
  if (entry.status === 200 && inm && (inm === entry.etag || inm.split(/\s*,\s*/).includes(entry.etag))) {
    return reply.status(304).send();
  }
  return reply.status(entry.status).type(options.contentType).send(entry.bytes);
}

/**
 * A public JSON read served from the shared public cache (fresh within 5 s of any change). The value is
 * serialised by the route's own serializer, its 200 response schema, as an uncached reply is: a cached
 * answer carries the route's fields and no others (a richer object is cut to the schema). That runs
 * once per fill; requests in between are sent the stored bytes.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
) {
  const entry = await request.server.services.publicCache.getOrRender(key, async () => ({
    body: String(reply.serialize(await compute())),
    status: 200,
  }));
  return sendEntry(request, reply, entry);
}
