import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { unauthorized } from '../../errors.ts';
import type { LoginKind, Metrics } from './registry.ts';

/** Route patterns of the three logins; their status is the outcome. */
const LOGINS: Record<string, LoginKind> = {
  '/api/cliente/login': 'cliente',
  '/api/usuario/login': 'escort',
  '/api/usuario/login-admin': 'admin',
};

/**
 * Request metrics for every answer, and `GET /metrics` on this port when
 * METRICS_TOKEN is set (a bearer token; without it the path does not exist
 * here). Off entirely, no hook at all, when metrics are not configured.
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = app.services.metrics;
  if (!metrics) return;
  metrics.watch({
    database: app.database,
    publicCache: app.services.publicCache,
    invalidation: app.services.invalidation,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Pages and unknown paths are answered by the not-found handler: they have no route pattern.
    const route = request.routeOptions.url ?? 'other';
    const status = reply.statusCode;
    metrics.requests.observe(request.method, route, status, reply.elapsedTime / 1000);
    const kind = LOGINS[route];
    if (kind) {
      const outcome = status < 300 ? 'success' : status === 429 ? 'rate_limited' : 'failure';
      metrics.logins.inc({ kind, outcome });
    }
    done();
  });

  const token = app.config.metrics.token;
  if (!token) return;
  const expected = createHash('sha256').update(token).digest();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as fixed-length digests: the time taken says nothing about the token.
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) throw unauthorized();
    return sendMetrics(metrics, reply);
  });
}

export async function sendMetrics(metrics: Metrics, reply: FastifyReply) {
  const body = await metrics.registry.metrics();
  return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
}
