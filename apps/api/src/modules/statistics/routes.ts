import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { statsListSchema, statsQuerySchema } from '@encanto/core/statistics';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import { dailyStats, isBot, isPrefetch, ViewCounter, visitorOf, VISITORS_PER_ADDRESS } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card views and WhatsApp taps waiting to be written (flushed every few seconds and on close). */
    viewCounter: ViewCounter;
  }
}

const FLUSH_MS = 5000;
/** Who a nickname is, kept as long as the public cache keeps a card: a view then costs no database read. */
const LOOKUP_MS = 5000;
const LOOKUP_MAX = 5000;

/**
 * The batch of card views, on the root instance (so tests and shutdown reach
 * it): written every few seconds, and once more when the app closes.
 */
export function registerViewCounter(app: FastifyInstance): void {
  const counter = new ViewCounter(app.db);
  app.decorate('viewCounter', counter);
  const timer = setInterval(() => {
    counter.flush().catch((err: unknown) => app.log.error({ err }, 'card views not written'));
  }, FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await counter.flush().catch((err: unknown) => app.log.error({ err }, 'card views not written'));
  });
}

/** An escort's own statistics, and the beacon her public card sends when a person opens it. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const counter = app.viewCounter;
  const lookups = new Map<string, { id: string | null; at: number }>();
  const publicEscortId = async (nick: string): Promise<string | null> => {
    const key = nick.toLowerCase();
    const now = app.services.clock.now().getTime();
    const hit = lookups.get(key);
    if (hit && now - hit.at < LOOKUP_MS) return hit.id;
    const escort = await findAccountByNickname(app.db, nick, 'escort');
    const id = escort?.profile?.public ? escort.id : null;
    if (lookups.size >= LOOKUP_MAX) lookups.clear();
    lookups.set(key, { id, at: now });
    return id;
  };

  app.post(
    '/usuario/vista/:nick',
    {
      schema: {
        tags: ['estadísticas'],
        summary: `Cuenta una vista de la tarjeta (la envía la página al abrirse), una vez al día por visitante y a lo más ${VISITORS_PER_ADDRESS} visitantes por dirección; no cuenta bots, prefetch, a la dueña ni a administradores`,
        params: z.object({ nick: z.string().min(1).max(60) }),
      },
    },
    async (request, reply) => {
      // The page sends this after it has rendered in a browser: crawlers that do not run
      // scripts never do, and those that say who they are, or fetch ahead of a click, are skipped.
      if (isBot(request.headers['user-agent']) || isPrefetch(request.headers))
        return reply.status(204).send();
      const escortId = await publicEscortId(request.params.nick);
      if (!escortId) return reply.status(204).send();
      const viewer = await request.account();
      if (viewer && (viewer.kind === 'admin' || viewer.id === escortId)) return reply.status(204).send();
      counter.add(
        escortId,
        app.services.clock.now(),
        'views',
        visitorOf(viewer, request.ip, request.headers['user-agent']),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/usuario/estadisticas',
    {
      schema: {
        security: sessionSecurity,
        tags: ['estadísticas'],
        summary:
          'Estadísticas diarias de la escort con sesión: vistas, clics en WhatsApp, favoritos y solicitudes por día',
        querystring: statsQuerySchema,
        response: { 200: statsListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      // Views and taps still in memory belong in her numbers.
      await counter.flush();
      return dailyStats(app.db, escort.id, request.query.dias, app.services.clock.now());
    },
  );
};
