import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../errors.ts';

/**
 * Limits for the account calls. Per IP they are generous because Chilean mobile
 * carriers put many phones behind one address (CGNAT); per account e-mail they
 * are tight, since that is where password guessing concentrates.
 */
export const accountLimits = {
  loginPerIp: { max: 60, timeWindow: 10 * 60_000 },
  loginPerEmail: { max: 10, timeWindow: 15 * 60_000 },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  recoveryPerEmail: { max: 3, timeWindow: 15 * 60_000 },
  recoveryPerIp: { max: 30, timeWindow: 15 * 60_000 },
  newPassPerIp: { max: 30, timeWindow: 15 * 60_000 },
  lookupPerIp: { max: 120, timeWindow: 60_000 },
} as const;

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Route config for a per-e-mail limit: it runs as a preHandler, after the body
 * is parsed, and keys on the e-mail in it (plus the route, so login and recovery
 * counters stay apart).
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

/**
 * A per-IP limit added as an onRequest hook next to the route's own per-e-mail
 * limit (the plugin runs only one limit per route config). Off when the app's
 * rate limits are off, like the route configs.
 */
export function perIp(app: FastifyInstance, name: string, limit: { max: number; timeWindow: number }) {
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
