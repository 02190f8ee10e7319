import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { averagesSchema, clientRatingBodySchema, escortRatingBodySchema } from '@encanto/core/marketplace';
import { depsOf } from '../../deps.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { clientAverages, escortAverages, rateClient, rateEscort } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** /api/ratings (clients rate escorts) and /api/notes (escorts rate clients). Averages read one row. */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.get(
    '/ratings/promedioUsuario/:nick',
    {
      schema: {
        security: sessionSecurity,
        tags: ['calificaciones'],
        summary: 'Promedios de una escort (cuentas con sesión; de un perfil oculto, solo ella y los admins)',
        params: z.object({ nick: z.string().min(1).max(40) }),
        response: { 200: averagesSchema, ...errors },
      },
    },
    async (request) => {
      return escortAverages(app.db, await requireAccount(request), request.params.nick);
    },
  );

  app.post(
    '/ratings/insertarUsuario',
    {
      schema: {
        security: sessionSecurity,
        tags: ['calificaciones'],
        summary:
          'El cliente califica a la escort tras una cita aceptada (una vez por cita, hasta 14 días después de la cita; se publica cuando ambos califican o termina el plazo)',
        body: escortRatingBodySchema,
        response: { 201: averagesSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rateEscort(deps, await requireAccount(request), request.body)),
  );

  app.get(
    '/notes/promedioCliente/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['calificaciones'],
        summary: 'Promedios de un cliente (el cliente, admins y escorts con una cita con él)',
        params: z.object({ nickname: z.string().min(1).max(40) }),
        response: { 200: averagesSchema, ...errors },
      },
    },
    async (request) => clientAverages(app.db, await requireAccount(request), request.params.nickname),
  );

  app.post(
    '/notes/insertarCliente',
    {
      schema: {
        security: sessionSecurity,
        tags: ['calificaciones'],
        summary:
          'La escort califica al cliente que aceptó (una vez por cita, hasta 14 días después de la cita); no cierra la cita',
        body: clientRatingBodySchema,
        response: { 201: averagesSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rateClient(deps, await requireAccount(request), request.body)),
  );
};
