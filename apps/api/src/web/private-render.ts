import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderResult, ServerEntry, SsrSession, SsrSite } from '@encanto/core/ssr';
import type { SessionAccount } from '../modules/sessions/service.ts';
import { clearSessionCookie, sessionCookieHeader, sessionCookieToken } from '../plugins/session-cookie.ts';
import { withKnownSession } from '../plugins/auth.ts';
import type { Renderer } from './render-pool.ts';

/** At most this many renders per page: the first, then one per round of reads it turned out to need. */
const MAX_PASSES = 3;
/** Accounts x pages whose reads are remembered (oldest forgotten first). */
const MAX_REMEMBERED = 5000;

/** The display values the web app keeps for an account (lib/session.ts), from the server's session. */
export function ssrSessionOf(account: SessionAccount): SsrSession {
  const role = account.kind === 'client' ? 'cliente' : account.kind === 'escort' ? 'usuario' : 'admin';
  const pending = account.autorizado === 'pendiente';
  return {
    nickname: account.nickname,
    role,
    rut: account.rut,
    email: account.email,
    tipo: role === 'admin' ? 'admin' : pending ? role : null,
  };
}

/** Whether a page request is to be rendered for its session cookie rather than from the shared cache. */
export const carriesSessionCookie = (request: FastifyRequest) => sessionCookieToken(request) !== null;

/**
 * Signed-in pages rendered on the server (decision 0108). A page request that carries the session cookie is
 * rendered for that account: its private GETs go through app.inject with the same cookie (the same
 * routes, checks and answers the browser would get), the render knows the session (guards answer with
 * a 302, the navigation is the account's), and the answer is `private, no-store`. None of it touches
 * the public page cache: neither read from nor written to.
 */
export function createPrivateRenderer(
  app: FastifyInstance,
  entry: ServerEntry,
  renderer: Renderer,
  site: SsrSite,
  template: string,
) {
  // As the public render fills the template (web/plugin.ts): function replacers, so '$$' in content stays.
  const toHtml = (result: RenderResult) =>
    template
      .replace('<!--app-head-->', () => result.head)
      // Someone signed in registered as an adult: no 18+ notice (decision 0141).
      .replace('<!--app-age-->', '')
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => result.state);

  /**
   * The reads a page needed the last time an account opened it: fetched before the first render next
   * time, instead of finding them by rendering once to learn what is missing (a second render per
   * page, decision 0112). Only a hint: each is fetched with the account's own cookie, and the render still
   * asks for anything else it needs.
   */
  const reads = new Map<string, string[]>();
  const remember = (key: string, paths: string[]) => {
    reads.delete(key);
    if (reads.size >= MAX_REMEMBERED) reads.delete(reads.keys().next().value!);
    reads.set(key, paths);
  };

  return async function renderPrivate(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const url = request.url;
    const token = sessionCookieToken(request)!;
    const account = await request.account();
    // A dead cookie (expired, revoked) is dropped; the page is then rendered knowing there is no session.
    if (!account) clearSessionCookie(request, reply);
    const session = account ? ssrSessionOf(account) : null;
    const headers = { cookie: sessionCookieHeader(request, token) };
    const data: Record<string, unknown> = {};
    const tried = new Set<string>();
    const inject = async (apiPath: string, more: Record<string, string> = {}) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api${apiPath}`,
        headers: { ...headers, ...more },
      });
      if (res.statusCode === 200) data[apiPath] = res.json();
    };
    const fetchAll = (apiPaths: string[]) => {
      const fresh = apiPaths.filter((p) => !tried.has(p));
      for (const p of fresh) tried.add(p);
      if (!account) return Promise.all(fresh.map((p) => inject(p)));
      return withKnownSession(token, account, (known) => Promise.all(fresh.map((p) => inject(p, known))));
    };

    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const remembered = account ? `${account.id} ${pathname}` : null;
    await fetchAll([
      ...entry.prefetchPaths(pathname, search),
      ...((remembered && reads.get(remembered)) ?? []),
    ]);
    let result = await renderer.render(url, site, data, { session });
    for (let pass = 1; pass < MAX_PASSES && !result.redirect; pass++) {
      const needed = (result.missing ?? []).filter((p) => !tried.has(p));
      if (needed.length === 0) break;
      await fetchAll(needed);
      result = await renderer.render(url, site, data, { session });
    }
    if (remembered) remember(remembered, [...tried]);

    reply.header('cache-control', 'private, no-store');
    if (result.redirect) return reply.redirect(result.redirect, 302);
    return reply.status(result.status).type('text/html; charset=utf-8').send(toHtml(result));
  };
}
