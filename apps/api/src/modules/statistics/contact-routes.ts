import type { FastifyPluginAsync } from 'fastify';
import { whatsappUrl } from '@encanto/core/contact';
import { findAccountByNickname } from '../accounts/service.ts';
import { isBot, isPrefetch, visitorOf } from './service.ts';

/**
 * GET /contacto/{nickname}, at the site root: the card's WhatsApp button. It
 * counts one tap for her day (a counter only: no visitor identity or address
 * is stored; one tap per visitor and day, a few visitors per address, see
 * ViewCounter) and redirects to her chat. The count joins the batch of card
 * views, so the redirect never waits for a write. Crawlers, link checkers (HEAD), prefetches,
 * the escort herself and admins are not counted. Unknown, pending, paused or
 * suspended profiles answer the site's 404 page, as their card does.
 */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { nick: string } }>(
    '/contacto/:nick',
    { schema: { hide: true } },
    async (request, reply) => {
      const { nick } = request.params;
      const escort = nick.length <= 60 ? await findAccountByNickname(app.db, nick, 'escort') : undefined;
      if (!escort?.profile?.public) return reply.callNotFound();
      if (request.method === 'GET' && !isBot(request.headers['user-agent']) && !isPrefetch(request.headers)) {
        // A session only reaches here when the browser sends it (a bearer from a script, or a
        // session cookie); the card also links the owner and admins straight to WhatsApp.
        const viewer = await request.account();
        if (!viewer || (viewer.kind !== 'admin' && viewer.id !== escort.id))
          app.viewCounter.add(
            escort.id,
            app.services.clock.now(),
            'whatsappClicks',
            visitorOf(viewer, request.ip, request.headers['user-agent']),
          );
      }
      // Every tap must reach this server to be counted: no browser or shared cache may keep the redirect.
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .redirect(whatsappUrl(escort.fono), 302);
    },
  );
};
