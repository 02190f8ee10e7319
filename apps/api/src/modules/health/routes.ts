import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['sistema'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['sistema'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          ...errorResponses(503),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.driver };
      } catch {
        return reply.status(503).send({ mensaje: msg.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' });
      }
    },
  );
};
