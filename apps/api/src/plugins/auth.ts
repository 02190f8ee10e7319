import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountRutKey } from '@encanto/core/accounts';
import { forbidden, unauthorized } from '../errors.ts';
import { resolveSession, type SessionAccount } from '../modules/sessions/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, resolved from the bearer token on first use. */
    account(): Promise<SessionAccount | null>;
    bearerToken(): string | null;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionAccount | null>>();

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bearerToken', function (this: FastifyRequest) {
    const header = this.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
    return match?.[1] ?? null;
  });
  app.decorateRequest('account', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.bearerToken();
      pending = token ? resolveSession(app.db, token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
  // Whatever answers a request made under a session (own data, a public read, an error, a page or
  // media) is never kept by the browser or a shared cache. Any well-formed bearer counts: checking it
  // would cost a session read on hot public reads, and a stale token losing caching costs nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.bearerToken()) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

export async function requireAccount(request: FastifyRequest): Promise<SessionAccount> {
  const account = await request.account();
  if (!account) throw unauthorized();
  return account;
}

export async function requireKind(
  request: FastifyRequest,
  ...kinds: SessionAccount['kind'][]
): Promise<SessionAccount> {
  const account = await requireAccount(request);
  if (!kinds.includes(account.kind)) throw forbidden();
  return account;
}

export const requireAdmin = (request: FastifyRequest) => requireKind(request, 'admin');

/**
 * Which identifier a route takes for "whose data": every route names one, and
 * only that one is compared. Comparing "any of the caller's identifiers" let an
 * account whose RUT equals another account's nickname pass as her.
 */
export type SelfIdentifier = { nickname: string } | { rut: string };

/** Whether the identifier names the caller: nicknames case-insensitively, RUTs by their uniqueness key. */
export function isSelf(account: Pick<SessionAccount, 'nickname' | 'rut'>, who: SelfIdentifier): boolean {
  if ('nickname' in who) return who.nickname.trim().toLowerCase() === account.nickname.toLowerCase();
  return accountRutKey(who.rut) === accountRutKey(account.rut);
}

/** The caller must be the account the route's identifier names (of `kind` when given); admins pass when allowed. */
export async function requireSelf(
  request: FastifyRequest,
  who: SelfIdentifier,
  options: { allowAdmin?: boolean; kind?: SessionAccount['kind'] } = {},
): Promise<SessionAccount> {
  const account = await requireAccount(request);
  if (options.allowAdmin && account.kind === 'admin') return account;
  if (!isSelf(account, who) || (options.kind && account.kind !== options.kind)) throw forbidden();
  return account;
}

/** The OpenAPI marker of a route that needs a session: `schema: { security: sessionSecurity, … }`. */
export const sessionSecurity = [{ bearer: [] }];
