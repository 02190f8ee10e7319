import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../errors.ts';
import { PasswordGuard } from './password-guard.ts';

/**
 * Limits for the account calls. Per IP they are generous because Chilean mobile
 * carriers put many phones behind one address (CGNAT); per account they are
 * tight, since that is where password guessing concentrates (wrong passwords
 * are counted by the PasswordGuard, not here).
 */
export const accountLimits = {
  /** Every password check (login, password change) from one address, any account. */
  passwordPerIp: { max: 60, timeWindow: 10 * 60_000 },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  recoveryPerEmail: { max: 3, timeWindow: 15 * 60_000 },
  recoveryPerIp: { max: 30, timeWindow: 15 * 60_000 },
  newPassPerIp: { max: 30, timeWindow: 15 * 60_000 },
  /** One counter for all the availability and account-search routes together. */
  lookupPerIp: { max: 120, timeWindow: 60_000 },
  /** A registration makes about ten lookups; a day's cap far above that stops enumeration. */
  lookupPerIpDaily: { max: 2000, timeWindow: 24 * 60 * 60_000 },
} as const;

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

type IpLimit = (request: FastifyRequest) => Promise<void>;

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

/** The account routes' shared limits, made once so sibling route plugins count on the same counters. */
export interface AccountLimiters {
  passwordIp: IpLimit;
  lookup: IpLimit[];
  guard: PasswordGuard;
}

export function accountLimiters(app: FastifyInstance): AccountLimiters {
  return {
    passwordIp: perIp(app, 'login-ip', accountLimits.passwordPerIp),
    lookup: [
      perIp(app, 'lookup-ip', accountLimits.lookupPerIp),
      perIp(app, 'lookup-ip-day', accountLimits.lookupPerIpDaily),
    ],
    guard: new PasswordGuard(app.services.counters),
  };
}
