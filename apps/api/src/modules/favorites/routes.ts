import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteBodySchema, favoriteCheckQuerySchema, favoriteSchema } from '@encanto/core/marketplace';
import { requireAccount } from '../../plugins/auth.ts';
import { add, check, mine, remove } from './service.ts';

const tags = ['favoritos'];
const error = z.object({ mensaje: z.string(), code: z.string() });

/** /api/favorites: a client's favourite profiles. The caller is the session's client; the body RUT must match. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/favorites/agregar',
    {
      schema: {
        tags,
        summary: 'Agrega un perfil a los favoritos del cliente (idempotente)',
        body: favoriteBodySchema,
        response: { 200: z.object({ favorito: favoriteBodySchema }), 401: error, 403: error, 404: error },
      },
    },
    async (request) => ({ favorito: await add(app.db, await requireAccount(request), request.body) }),
  );

  app.get(
    '/favorites/validar',
    {
      schema: {
        tags,
        summary: '¿Es favorito? (nick_cliente lleva el RUT del cliente, como en la especificación)',
        querystring: favoriteCheckQuerySchema,
        response: { 200: z.object({ existe: z.boolean() }), 401: error, 403: error },
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
        tags,
        summary: 'Quita un perfil de los favoritos',
        body: favoriteBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), 401: error, 403: error, 404: error },
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
        tags,
        summary: 'Favoritos del cliente con sesión',
        response: { 200: z.array(favoriteSchema), 401: error, 403: error },
      },
    },
    async (request) => mine(app.db, await requireAccount(request)),
  );
};
