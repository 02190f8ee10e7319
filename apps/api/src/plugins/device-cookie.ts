import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/tokens.ts';
import { cookieValue, siteCookieName } from './session-cookie.ts';

/**
 * A random id the browser keeps across sign-ins, so a sign-in from a browser the account never used
 * can be told to its owner (decision 0121). It names no account and carries
 * no authority: losing it costs one notice mail, forging one gains nothing.
 */
export const DEVICE_COOKIE = 'encanto_dispositivo';
/** `__Host-encanto_dispositivo` on an https site, like the session cookie (session-cookie.ts). */
const nameFor = (request: FastifyRequest) => siteCookieName(request.server.config.siteUrl, DEVICE_COOKIE);
const ID = /^[A-Za-z0-9_-]{20,100}$/;
/** Chromium caps cookie lifetimes at 400 days. */
const MAX_AGE_S = 400 * 24 * 3600;

const chosen = new WeakMap<FastifyRequest, string>();

/** The browser's device id: the one its cookie holds, or a new one that `setDeviceCookie` hands out. */
export function deviceIdOf(request: FastifyRequest): string {
  let id = chosen.get(request);
  if (!id) {
    const value = cookieValue(request, nameFor(request));
    id = value && ID.test(value) ? value : randomToken();
    chosen.set(request, id);
  }
  return id;
}

/** Keeps (or refreshes) the device cookie after a sign-in that read `deviceIdOf`. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply): void {
  const id = chosen.get(request);
  if (!id) return;
  const name = nameFor(request);
  const secure = request.protocol === 'https' || name !== DEVICE_COOKIE ? '; Secure' : '';
  reply.header('set-cookie', `${name}=${id}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`);
}
