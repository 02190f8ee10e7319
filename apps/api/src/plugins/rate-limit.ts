import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimited } from '../errors.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in Redis
 * when REDIS_URL is set (the client is `app.services.redis`), so limits hold
 * across every instance.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { redis } = app.services;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  if (!app.config.rateLimit) {
    // Load tests turn limits off explicitly; the routes still declare them.
    app.addHook('onRoute', (route) => {
      if (route.config && typeof route.config === 'object' && 'rateLimit' in route.config) {
        (route.config as { rateLimit?: unknown }).rateLimit = false;
      }
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'encanto-rl:' } : {}),
    skipOnError: true,
    errorResponseBuilder: () => rateLimited(),
    enableDraftSpec: false,
  });
}

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Route config for a per-e-mail limit: it runs as a preHandler, after the body
 * is parsed, and keys on the e-mail in it (plus the route, so counters of
 * different calls stay apart).
 */
export function perEmail(name: string, limit: { max: number; timeWindow: number }) {
  return {
    rateLimit: {
      ...limit,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}:${bodyEmail(request)}`,
    },
  };
}

export type IpLimit = (request: FastifyRequest) => Promise<void>;

/**
 * A per-IP limit as an onRequest hook. One hook used on several routes is one
 * counter for all of them. Off when the app's rate limits are off, like the
 * route configs.
 */
export function perIp(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
): IpLimit {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  });
  return async (request: FastifyRequest) => {
    if (!app.config.rateLimit) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited();
  };
}
