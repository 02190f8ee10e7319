import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { favoriteBodySchema, favoriteCheckQuerySchema, favoriteSchema } from '@encanto/core/marketplace';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { add, check, mine, remove } from './service.ts';

const tags = ['favoritos'];

/** /api/favorites: a client's favourite profiles. The caller is the session's client; the body RUT must match. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/favorites/agregar',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Agrega un perfil a los favoritos del cliente (idempotente)',
        body: favoriteBodySchema,
        response: { 200: z.object({ favorito: favoriteBodySchema }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      favorito: await add(app.db, await requireAccount(request), request.body, app.services.clock.now()),
    }),
  );

  app.get(
    '/favorites/validar',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: '¿Es favorito? (nick_cliente lleva el RUT del cliente, como en la especificación)',
        querystring: favoriteCheckQuerySchema,
        response: { 200: z.object({ existe: z.boolean() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      existe: await check(
        app.db,
        await requireAccount(request),
        request.query.nick_usuario,
        request.query.nick_cliente,
      ),
    }),
  );

  app.delete(
    '/favorites/borra',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Quita un perfil de los favoritos',
        body: favoriteBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await remove(app.db, await requireAccount(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/favorites/mios',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Favoritos del cliente con sesión',
        response: { 200: z.array(favoriteSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => mine(app.db, await requireAccount(request)),
  );
};
