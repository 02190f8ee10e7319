import type { FastifyReply, FastifyRequest } from 'fastify';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { forbidden } from '../errors.ts';

/**
 * The browser's session (issue 22): the same opaque token a login answers with, kept in an
 * HttpOnly cookie so no script on the page can read it. API clients keep using the bearer header.
 */
export const SESSION_COOKIE = 'encanto_sesion';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The session token the request's cookie carries (well-formed only), or null. */
export function sessionCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

/**
 * `Secure` whenever the request came over HTTPS (request.protocol follows TRUST_PROXY), so the cookie is
 * never sent back in clear; a plain-HTTP development or test server still gets a cookie it can use.
 */
function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function appendSetCookie(reply: FastifyReply, value: string): void {
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`)), value]);
}

/**
 * Sets the session cookie for a new session. Max-Age is the session's hard limit (90 days from login);
 * the server still ends it after 30 days without use, so the cookie never outlives what the server allows.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const maxAge = Math.floor(timings.sessionMaxAgeMs / 1000);
  appendSetCookie(reply, `${SESSION_COOKIE}=${token}; ${attributes(request, maxAge)}`);
}

/** Removes the session cookie (logout, the current session revoked, an account deleted, a dead token). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(
    reply,
    `${SESSION_COOKIE}=; ${attributes(request, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
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
 * CSRF: a state-changing request that carries the session cookie and no bearer header must come from
 * the site itself. `Origin` must be SITE_URL's origin (outside production also the address the request
 * was sent to, so a development server on another port works); without Origin, a browser's
 * `Sec-Fetch-Site: same-origin` is enough. Requests with neither are refused: every browser that
 * sends cookies on a fetch POST sends one of them.
 */
export function checkCookieWrite(request: FastifyRequest, siteUrl: string, production: boolean): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.authorization) return;
  if (!sessionCookieToken(request)) return;
  const origin = request.headers.origin;
  if (origin) {
    if (origin === new URL(siteUrl).origin) return;
    if (!production && origin === `${request.protocol}://${request.host}`) return;
    throw forbidden(msg.originRefused, 'ORIGIN_REFUSED');
  }
  if (request.headers['sec-fetch-site'] === 'same-origin') return;
  throw forbidden(msg.originRefused, 'ORIGIN_REFUSED');
}
