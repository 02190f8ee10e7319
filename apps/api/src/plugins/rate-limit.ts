import type { FastifyInstance } from 'fastify';
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
