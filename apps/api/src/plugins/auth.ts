import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountRutKey } from '@encanto/core/accounts';
import { forbidden, unauthorized } from '../errors.ts';
import { resolveSession, type SessionAccount } from '../modules/sessions/service.ts';
import { isApiPath, requestPath } from '../lib/request-path.ts';
import { checkCookieWrite, sessionCookieToken } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, resolved from the bearer token or the session cookie on first use. */
    account(): Promise<SessionAccount | null>;
    bearerToken(): string | null;
    /** The session token the request carries: the bearer header first, else the session cookie. */
    sessionToken(): string | null;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionAccount | null>>();

/** Sessions the server resolved moments ago, under a random key that only its own reads carry. */
const resolvedSessions = new Map<string, { token: string; account: SessionAccount }>();
const KNOWN_SESSION_HEADER = 'x-encanto-known-session';

/**
 * Runs `work` (the app.inject reads made to render a signed-in page, web/private-render.ts) with a
 * header naming `token` as `account`'s session, resolved moments ago: those reads skip looking it up
 * again, one database read each (decision 0112). The key lives while `work` runs; a request must carry
 * both the key and that same token, so the header alone names no one. (A header, because an
 * AsyncLocalStorage context does not reach into app.inject: each request gets its own.)
 */
export async function withKnownSession<T>(
  token: string,
  account: SessionAccount,
  work: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const key = randomUUID();
  resolvedSessions.set(key, { token, account });
  try {
    return await work({ [KNOWN_SESSION_HEADER]: key });
  } finally {
    resolvedSessions.delete(key);
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bearerToken', function (this: FastifyRequest) {
    const header = this.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
    return match?.[1] ?? null;
  });
  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    return this.bearerToken() ?? sessionCookieToken(this);
  });
  app.decorateRequest('account', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.sessionToken();
      const key = this.headers[KNOWN_SESSION_HEADER];
      const known = typeof key === 'string' ? resolvedSessions.get(key) : undefined;
      pending = !token
        ? Promise.resolve(null)
        : known?.token === token
          ? Promise.resolve(known.account)
          : resolveSession(app.db, token, app.services.clock.now());
      cache.set(this, pending);
    }
    return pending;
  });
  // A write carried by the session cookie must come from the site itself (CSRF; session-cookie.ts).
  // On every path: the check reads only the method, the credentials and Origin, so no spelling of
  // the path (`/%61pi/…`, an absolute-form target) can step around it.
  app.addHook('onRequest', (request) =>
    checkCookieWrite(request, app.config.siteUrl, app.config.env === 'production'),
  );
  // Whatever answers a request made under a session (own data, a public read, an error, a page or
  // media) is never kept by the browser or a shared cache. Any well-formed bearer counts: checking it
  // would cost a session read on hot public reads, and a stale token losing caching costs nothing.
  // The cookie rides along on every request of the site, hashed assets and media included: there it
  // changes nothing, so only API answers are marked; pages rendered for a session set their own header.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.bearerToken() || (isApiPath(requestPath(request)) && sessionCookieToken(request))) {
      reply.header('cache-control', 'no-store');
    }
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
