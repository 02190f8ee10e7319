import type { FastifyReply, FastifyRequest } from 'fastify';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { forbidden } from '../errors.ts';

/**
 * The browser's session (decision 0108): the same opaque token a login answers with, kept in an
 * HttpOnly cookie so no script on the page can read it. API clients keep using the bearer header.
 * This is its name on a site served over plain HTTP (a development or test server).
 */
export const SESSION_COOKIE = 'encanto_sesion';

/**
 * Its name when SITE_URL is https. A browser keeps a `__Host-` cookie only when it was set over HTTPS
 * with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a forged plain-HTTP answer
 * can plant or overwrite the session cookie (session fixation). Browsers refuse the prefix without
 * Secure, hence the plain name over plain HTTP. Only the one name is read: a planted cookie under
 * the other name is ignored.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The name of one of the site's cookies: `__Host-` on an https site, for the reasons above. */
export const siteCookieName = (siteUrl: string, base: string): string =>
  /^https:/i.test(siteUrl) ? `__Host-${base}` : base;

/** The session cookie's name for a site at `siteUrl`. */
export const sessionCookieName = (siteUrl: string): string => siteCookieName(siteUrl, SESSION_COOKIE);

const nameFor = (request: FastifyRequest) => sessionCookieName(request.server.config.siteUrl);

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The raw value of the request's cookie `name`, or null. */
export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The session token the request's cookie carries (well-formed only), or null. */
export function sessionCookieToken(request: FastifyRequest): string | null {
  const value = cookieValue(request, nameFor(request));
  return value !== null && TOKEN.test(value) ? value : null;
}

/** The Cookie header that carries `token` as this site's session cookie (server-side reads of a page). */
export const sessionCookieHeader = (request: FastifyRequest, token: string): string =>
  `${nameFor(request)}=${token}`;

/**
 * `Secure` whenever the request came over HTTPS (request.protocol follows TRUST_PROXY), so the cookie is
 * never sent back in clear, and always under the `__Host-` name (the site is HTTPS, even when a proxy
 * that is not trusted hides it); a plain-HTTP development or test server still gets a cookie it can use.
 * Path=/ and no Domain, as the prefix requires.
 */
function attributes(request: FastifyRequest, name: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' || name === HOST_SESSION_COOKIE ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function appendSetCookie(reply: FastifyReply, name: string, value: string): void {
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  // Fastify appends to set-cookie: the list replaces the header, or the cookies before would repeat.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${name}=`)), value]);
}

/**
 * Sets the session cookie for a new session. Max-Age is the session's hard limit (90 days from login);
 * the server still ends it after 30 days without use, so the cookie never outlives what the server allows.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const maxAge = Math.floor(timings.sessionMaxAgeMs / 1000);
  const name = nameFor(request);
  appendSetCookie(reply, name, `${name}=${token}; ${attributes(request, name, maxAge)}`);
}

/** Removes the session cookie (logout, the current session revoked, an account deleted, a dead token). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const name = nameFor(request);
  appendSetCookie(
    reply,
    name,
    `${name}=; ${attributes(request, name, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
  );
}

/**
 * A login answer that opened a session (it carries `token`, directly or as a registration's `sesion`)
 * also sets the cookie; a password step that asks for a second factor does not. The body is unchanged.
 */
export function withSessionCookie<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
  const token = tokenOf(answer) ?? tokenOf((answer as { sesion?: unknown } | null)?.sesion);
  if (token) setSessionCookie(request, reply, token);
  return answer;
}

function tokenOf(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const token = (value as { token?: unknown }).token;
  return typeof token === 'string' ? token : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request that carries the session cookie must come from the site itself,
 * unless a bearer token is what authenticates it. `Origin` must be SITE_URL's origin (outside
 * production also the address the request was sent to, so a development server on another port
 * works); without Origin, a browser's `Sec-Fetch-Site: same-origin` is enough. Requests with neither
 * are refused: every browser that sends cookies on a fetch POST sends one of them.
 *
 * Any Authorization header used to skip the check, yet a header that is no well-formed bearer token
 * (`Basic …`, which a browser adds by itself on a site behind HTTP authentication, or `Bearer x`)
 * leaves the cookie to authenticate (auth.ts: the bearer first, else the cookie). So only a bearer
 * token that names a live session exempts the request; that lookup is the one the route makes anyway.
 */
export async function checkCookieWrite(
  request: FastifyRequest,
  siteUrl: string,
  production: boolean,
): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  if (!sessionCookieToken(request)) return;
  if (request.bearerToken() && (await request.account())) return;
  const origin = request.headers.origin;
  if (origin) {
    if (origin === new URL(siteUrl).origin) return;
    if (!production && origin === `${request.protocol}://${request.host}`) return;
    throw forbidden(msg.originRefused, 'ORIGIN_REFUSED');
  }
  if (request.headers['sec-fetch-site'] === 'same-origin') return;
  throw forbidden(msg.originRefused, 'ORIGIN_REFUSED');
}
