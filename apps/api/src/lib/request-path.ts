import type { FastifyRequest } from 'fastify';

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The path of a request target as Fastify's router sees it: an absolute-form target
 * (`PUT http://host/api/…`) stands for its path, the query and any fragment are cut off, and
 * percent-encoding is decoded. `request.url` is the raw target, while the router (find-my-way)
 * matches the decoded path, so `/%61pi/cuenta` or `http://host/api/cuenta` reach the routes under
 * /api while `request.url.startsWith('/api/')` is false: a hook deciding by the raw target skipped
 * them. Every hook that decides by path uses this instead.
 *
 * Decoding is complete (also `%2F`, which the router leaves encoded): such a path matches no route
 * under a prefix, so treating it as inside the prefix only ever adds a check. A malformed escape
 * is left as it is; the router refuses that request with a 400 before any hook sees it. The router
 * is case-sensitive and keeps `//`, `;` and dot-segments as they are (Fastify's defaults, unchanged
 * in app.ts), so neither is this: `/API/…`, `//api/…` or `/x/../api/…` reach no route under /api.
 */
export function routedPath(target: string): string {
  let path = target;
  if (path.charCodeAt(0) !== 47 /* '/' */) {
    const origin = ABSOLUTE_FORM.exec(path);
    if (origin) path = `/${path.slice(origin[0].length).replace(/^\//, '')}`;
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The routed path of this request (see routedPath). */
export const requestPath = (request: FastifyRequest): string => routedPath(request.url);

/** Whether a routed path is under /api (the JSON API). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
