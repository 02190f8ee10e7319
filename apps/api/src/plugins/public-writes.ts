import type { FastifyInstance, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes what public reads show (listings, cards, galleries,
     * pages, sitemap): the public cache is cleared once it succeeds.
     */
    invalidatesPublic?: boolean;
  }
}

/** Route config for a write that changes public data: `config: publicWrite` (spread it beside other keys). */
export const publicWrite = Object.freeze({ invalidatesPublic: true as const });

/**
 * The one place the public cache is cleared after a write. onSend runs before
 * the reply is written, so the client that made the change reads it back at
 * once; other instances drop theirs on the Redis message (lib/invalidation-bus.ts),
 * or, without Redis, see the change within the cache's 5 s. Only successful
 * answers clear it: a refused write changed nothing, and failing requests must
 * not be a way to empty the cache. The hook is added to the routes that declare
 * `publicWrite` only, so every other request (the hot public reads) skips it.
 */
export function registerPublicWrites(app: FastifyInstance): void {
  const clearOnSuccess: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) {
      app.services.publicCache.clear();
      app.services.invalidation?.publish();
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.invalidatesPublic) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), clearOnSuccess];
  });
}
