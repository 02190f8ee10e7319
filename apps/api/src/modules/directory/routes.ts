import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escortCardSchema, escortOwnCardSchema, escortPublicSchema } from '@encanto/core/escorts';
import { requireSelf } from '../../plugins/auth.ts';
import { escortsInCity, latestEscorts, ownEscortCard, publicEscort } from './service.ts';

const listSchema = z.array(escortCardSchema);
const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const nicknameParams = z.object({ nickname: z.string().min(1).max(60) });

/**
 * The cached body as bytes, made once per cache entry: encoding a 17 KB string
 * to UTF-8 on every request was the largest single cost of a cached listing
 * (16% of CPU in a profile under load).
 */
const bodyBytes = new WeakMap<object, Buffer>();
function bytesOf(entry: { body: string }): Buffer {
  let bytes = bodyBytes.get(entry);
  if (!bytes) {
    bytes = Buffer.from(entry.body, 'utf8');
    bodyBytes.set(entry, bytes);
  }
  return bytes;
}

/** Sends a cached serialised public read with an ETag; a matching If-None-Match gets 304. */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
) {
  const entry = await request.server.services.publicCache.getOrCompute(key, compute);
  reply.header('cache-control', 'public, max-age=5, stale-while-revalidate=30').header('etag', entry.etag);
  const inm = request.headers['if-none-match'];
  if (inm && (inm === entry.etag || inm.split(/\s*,\s*/).includes(entry.etag))) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(bytesOf(entry));
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

  app.get(
    '/usuario/publico/:nickname',
    {
      schema: {
        tags: ['directorio'],
        summary: 'Tarjeta pública de una escort aprobada (404 si no existe, está pendiente, pausada o suspendida)',
        params: nicknameParams,
        response: { 200: escortPublicSchema, 404: errorSchema },
      },
    },
    (request, reply) =>
      sendCached(request, reply, `publico:${request.params.nickname.toLowerCase()}`, () =>
        publicEscort(app.db, request.params.nickname),
      ),
  );

  app.get(
    '/usuario/tu-card/:nickname',
    {
      schema: {
        tags: ['directorio'],
        summary: 'Tarjeta propia de la escort (también mientras espera aprobación)',
        params: nicknameParams,
        response: { 200: escortOwnCardSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await requireSelf(request, request.params.nickname, { allowAdmin: true, kind: 'escort' });
      const card = await ownEscortCard(app.db, request.params.nickname);
      return reply.header('cache-control', 'private, no-store').send(card);
    },
  );
};
