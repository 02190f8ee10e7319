import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escortCardSchema } from '@encanto/core/escorts';
import { escortsInCity, latestEscorts } from './service.ts';

const listSchema = z.array(escortCardSchema);

/** Sends a cached serialised listing with an ETag; a matching If-None-Match gets 304. */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
) {
  const entry = await request.server.services.publicCache.getOrCompute(key, compute);
  reply.header('cache-control', 'public, max-age=5, stale-while-revalidate=30').header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ultimos',
    { schema: { tags: ['directorio'], summary: 'Últimas escorts registradas', response: { 200: listSchema } } },
    (request, reply) => sendCached(request, reply, 'ultimos', () => latestEscorts(app.db)),
  );

  app.get(
    '/usuario/ciudad/:city',
    {
      schema: {
        tags: ['directorio'],
        summary: 'Escorts aprobadas y disponibles de una ciudad (sin distinguir acentos)',
        params: z.object({ city: z.string().min(1).max(80) }),
        response: { 200: listSchema },
      },
    },
    (request, reply) =>
      sendCached(request, reply, `ciudad:${request.params.city.toLowerCase()}`, () =>
        escortsInCity(app.db, request.params.city),
      ),
  );
};
