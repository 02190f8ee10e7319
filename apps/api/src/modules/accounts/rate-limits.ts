import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { perIp, type IpLimit } from '../../plugins/rate-limit.ts';
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
  /** One counter for all the availability, account-search and meeting-state routes together. */
  lookupPerIp: { max: 120, timeWindow: 60_000 },
  /** A registration makes about ten lookups; a day's cap far above that stops enumeration. */
  lookupPerIpDaily: { max: 2000, timeWindow: 24 * 60 * 60_000 },
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The lookup limit (accountLimits.lookupPerIp and lookupPerIpDaily) as onRequest hooks, made
     * once on the root app: every route that tells whether something exists (the availability and
     * account searches, the meeting-state reads) counts on the same two counters per address. In
     * memory each limiter has its own store, so limiters made twice would be two counters.
     */
    lookupLimit: IpLimit[];
    /**
     * The meeting-state reads (accounts/rate-limits.ts, `stateReadLimit`): per session when signed
     * in, the lookup limit per address otherwise.
     */
    stateReadLimit: IpLimit;
  }
}

/** Decorates the root app with the shared lookup limit; after registerRateLimit, before the routes. */
export function registerLookupLimit(app: FastifyInstance): void {
  const lookup = [
    perIp(app, 'lookup-ip', accountLimits.lookupPerIp),
    perIp(app, 'lookup-ip-day', accountLimits.lookupPerIpDaily),
  ];
  app.decorate('lookupLimit', lookup);
  app.decorate('stateReadLimit', stateReadLimit(app, lookup));
}

/**
 * The meeting-state reads answer only a signed-in party, and a hidden profile answers exactly as a
 * missing one, so what is left to guard is volume. The card polls its state every few seconds while
 * it is open: on the per-address daily lookup cap one open tab would lock the whole address (a
 * carrier's NAT) out of registering within hours. So a request with a session counts per session
 * (the lookup's 120 a minute, no daily cap); one without counts on the shared lookup counters.
 */
function stateReadLimit(app: FastifyInstance, lookup: IpLimit[]): IpLimit {
  const check = app.createRateLimit({
    ...accountLimits.lookupPerIp,
    keyGenerator: (request: FastifyRequest) =>
      `state-read:${sha256(request.sessionToken() ?? '').slice(0, 32)}`,
  });
  return async (request: FastifyRequest) => {
    if (!app.config.rateLimit) return;
    if (!request.sessionToken()) {
      for (const limit of lookup) await limit(request);
      return;
    }
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
    lookup: app.lookupLimit,
    guard: new PasswordGuard(app.services.counters, app.services.clock),
  };
}
