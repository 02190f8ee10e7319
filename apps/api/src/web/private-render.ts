import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderResult, ServerEntry, SsrSession, SsrSite } from '@encanto/core/ssr';
import type { SessionAccount } from '../modules/sessions/service.ts';
import { clearSessionCookie, SESSION_COOKIE, sessionCookieToken } from '../plugins/session-cookie.ts';

/** At most this many renders per page: the first, then one per round of reads it turned out to need. */
const MAX_PASSES = 3;

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
 * Signed-in pages rendered on the server (issue 22). A page request that carries the session cookie is
 * rendered for that account: its private GETs go through app.inject with the same cookie (the same
 * routes, checks and answers the browser would get), the render knows the session (guards answer with
 * a 302, the navigation is the account's), and the answer is `private, no-store`. None of it touches
 * the public page cache: neither read from nor written to.
 */
export function createPrivateRenderer(
  app: FastifyInstance,
  entry: ServerEntry,
  site: SsrSite,
  template: string,
) {
  // As the public render fills the template (web/plugin.ts): function replacers, so '$$' in content stays.
  const toHtml = (result: RenderResult) =>
    template
      .replace('<!--app-head-->', () => result.head)
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => result.state);

  return async function renderPrivate(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const url = request.url;
    const token = sessionCookieToken(request)!;
    const account = await request.account();
    // A dead cookie (expired, revoked) is dropped; the page is then rendered knowing there is no session.
    if (!account) clearSessionCookie(request, reply);
    const session = account ? ssrSessionOf(account) : null;
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    const data: Record<string, unknown> = {};
    const tried = new Set<string>();
    const fetchAll = (apiPaths: string[]) =>
      Promise.all(
        apiPaths
          .filter((p) => !tried.has(p))
          .map(async (apiPath) => {
            tried.add(apiPath);
            const res = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers });
            if (res.statusCode === 200) data[apiPath] = res.json();
          }),
      );

    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    await fetchAll(entry.prefetchPaths(pathname, search));
    let result = await entry.render(url, site, data, { session });
    for (let pass = 1; pass < MAX_PASSES && !result.redirect; pass++) {
      const needed = (result.missing ?? []).filter((p) => !tried.has(p));
      if (needed.length === 0) break;
      await fetchAll(needed);
      result = await entry.render(url, site, data, { session });
    }

    reply.header('cache-control', 'private, no-store');
    if (result.redirect) return reply.redirect(result.redirect, 302);
    return reply.status(result.status).type('text/html; charset=utf-8').send(toHtml(result));
  };
}
