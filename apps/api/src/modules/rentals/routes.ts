import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { rentalInputSchema, rentalSchema } from '@encanto/core/gallery';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { addRental, removeRental, rentalExists, rentalsInCity } from './service.ts';

/**
 * Rentals (arriendo). The screens show the area as 'En mantención', but the
 * entity and its calls work: admins add and remove places, anyone may read them.
 */
export const rentalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/arriendo/agregar',
    {
      schema: {
        security: sessionSecurity,
        tags: ['arriendo'],
        summary: 'Agrega un lugar de arriendo (solo administradores)',
        body: rentalInputSchema,
        response: {
          201: rentalSchema.extend({ mensaje: z.string() }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const rental = await addRental(app.db, request.body);
      return reply.status(201).send({ ...rental, mensaje: msg.rentalAdded });
    },
  );

  app.get(
    '/arriendo/validar',
    {
      schema: {
        tags: ['arriendo'],
        summary: '¿Existe ya un arriendo con esta URL?',
        querystring: z.object({ url: z.string().min(1).max(2048) }),
        response: { 200: z.object({ existe: z.boolean() }), ...errorResponses(400) },
      },
    },
    async (request) => ({ existe: await rentalExists(app.db, request.query.url) }),
  );

  app.delete(
    '/arriendo/id/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['arriendo'],
        summary: 'Elimina un arriendo (solo administradores)',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: {
          200: z.object({ mensaje: z.string() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await removeRental(app.db, request.params.id);
      return { mensaje: msg.rentalDeleted };
    },
  );

  app.get(
    '/arriendo/ciudad/:city',
    {
      schema: {
        tags: ['arriendo'],
        summary: 'Arriendos de una ciudad (lista vacía si no hay)',
        params: z.object({ city: z.string().min(1).max(80) }),
        response: { 200: z.array(rentalSchema) },
      },
    },
    async (request) => rentalsInCity(app.db, request.params.city),
  );
};
