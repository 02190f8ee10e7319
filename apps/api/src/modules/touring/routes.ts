import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInChile } from '@encanto/core/chile-time';
import { errorResponses } from '@encanto/core/api-error';
import { giraBodySchema, giraSchema } from '@encanto/core/touring';
import { depsOf } from '../../deps.ts';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { currentVisits, saveVisits } from './service.ts';

/** The escort's touring list (decision 0102): up to 3 visits to other comunas, shown in their listings while they last. */
export const touringRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/usuario/gira',
    {
      schema: {
        security: sessionSecurity,
        tags: ['gira'],
        summary: 'Visitas anunciadas por la escort con sesión (en curso y próximas)',
        response: { 200: giraSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const escort = await requireKind(request, 'escort');
      const visits = await currentVisits(app.db, escort.id, todayInChile(deps.clock.now()));
      return reply.header('cache-control', 'private, no-store').send(visits);
    },
  );

  app.put(
    '/usuario/gira',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['gira'],
        summary:
          'Reemplaza la gira: hasta 3 visitas { ciudad, desde, hasta } a otras comunas, dentro de 90 días y sin superponerse',
        body: giraBodySchema,
        response: { 200: giraSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      return saveVisits(deps, escort.id, request.body);
    },
  );
};
