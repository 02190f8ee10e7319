import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { escortCardSchema, escortOwnCardSchema, escortPublicSchema } from '@encanto/core/escorts';
import { escortSearchQuerySchema, escortSearchResultSchema } from '@encanto/core/search';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { sendCached } from '../../lib/send-cached.ts';
import { ownEscortCard, publicEscort } from './service.ts';
import { firstListingPage, type TotalSource } from './search.ts';
import type { SearchCount } from './search-queries.ts';
import { cityListingWithVisitors, searchWithVisitors } from './visitors.ts';
import { similarEscorts } from './similar.ts';
import { escortListCardSchema } from '@encanto/core/escorts';
import { cityListCardSchema } from '@encanto/core/touring-listing';
import { giraSchema } from '@encanto/core/touring';
import { todayInChile } from '@encanto/core/chile-time';
import { publicVisits } from '../touring/service.ts';
import { escortAttendanceCounts } from '../attendance/service.ts';
import { attendanceCountsShape } from '@encanto/core/attendance';

const listSchema = z.array(escortCardSchema);

/** One cache entry per search, whatever the order or case of the query's spelling. */
const searchCacheKey = (q: Record<string, unknown>) =>
  `escorts:${JSON.stringify(Object.entries(q).sort(([a], [b]) => a.localeCompare(b)))}`;
const nicknameParams = z.object({ nickname: z.string().min(1).max(60) });

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The count of a filter, in the public cache beside the pages (cleared with them on any public write).
  const totalInCache: TotalSource = async (key, count) => {
    const entry = await app.services.publicCache.getOrCompute(`escorts-total:${key}`, count);
    return JSON.parse(entry.body) as SearchCount;
  };

  app.get(
    '/ultimos',
    {
      schema: { tags: ['directorio'], summary: 'Últimas escorts registradas', response: { 200: listSchema } },
    },
    (request, reply) =>
      sendCached(request, reply, 'ultimos', () => firstListingPage(app.db, app.services.clock.now())),
  );

  app.get(
    '/escorts',
    {
      schema: {
        tags: ['directorio'],
        summary:
          'Búsqueda de escorts publicadas: filtros por lugar, género, edad, disponibilidad, galería, tarifa máxima, servicios y dónde atiende; orden y páginas por cursor',
        querystring: escortSearchQuerySchema,
        response: { 200: escortSearchResultSchema, ...errorResponses(400) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, searchCacheKey(request.query), () =>
        searchWithVisitors(app.db, request.query, totalInCache, app.services.clock.now()),
      ),
  );

  app.get(
    '/usuario/ciudad/:city',
    {
      schema: {
        tags: ['directorio'],
        summary:
          'Escorts aprobadas y disponibles de una ciudad (sin distinguir acentos), y al final las que la visitan hoy (con `visita`)',
        params: z.object({ city: z.string().min(1).max(80) }),
        response: { 200: z.array(cityListCardSchema) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, `ciudad:${request.params.city.toLowerCase()}`, () =>
        cityListingWithVisitors(app.db, request.params.city, app.services.clock.now()),
      ),
  );

  app.get(
    '/usuario/publico/:nickname',
    {
      schema: {
        tags: ['directorio'],
        summary:
          'Tarjeta pública de una escort aprobada (404 si no existe, está pendiente, pausada o suspendida)',
        params: nicknameParams,
        response: {
          200: escortPublicSchema.extend({ gira: giraSchema, ...attendanceCountsShape }),
          ...errorResponses(404),
        },
      },
    },
    (request, reply) =>
      sendCached(request, reply, `publico:${request.params.nickname.toLowerCase()}`, async () => {
        const now = app.services.clock.now();
        return {
          ...(await publicEscort(app.db, request.params.nickname, now)),
          // Touring (decision 0102): her current and coming visits, for the card's "De visita".
          gira: await publicVisits(app.db, request.params.nickname, todayInChile(now)),
          // Her attendance record as counts (decision 0174); null below three meetings.
          ...(await escortAttendanceCounts(app.db, request.params.nickname, now)),
        };
      }),
  );

  app.get(
    '/usuario/publico/:nickname/similares',
    {
      schema: {
        tags: ['directorio'],
        summary:
          'Hasta 6 escorts públicas parecidas a la de la tarjeta («También te puede interesar»): su comuna primero, luego su región; disponibles primero; edad y servicios cercanos (404 como la tarjeta)',
        params: nicknameParams,
        response: { 200: z.array(escortListCardSchema), ...errorResponses(404) },
      },
    },
    (request, reply) =>
      // Cached like the card (decision 0165), cleared with it by any public write.
      sendCached(request, reply, `similares:${request.params.nickname.toLowerCase()}`, () =>
        similarEscorts(app.db, request.params.nickname, app.services.clock.now()),
      ),
  );

  app.get(
    '/usuario/tu-card/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['directorio'],
        summary: 'Tarjeta propia de la escort (también mientras espera aprobación)',
        params: nicknameParams,
        response: { 200: escortOwnCardSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requireSelf(request, { nickname: request.params.nickname }, { allowAdmin: true, kind: 'escort' });
      const card = await ownEscortCard(app.db, request.params.nickname, app.services.clock.now());
      return reply.header('cache-control', 'private, no-store').send(card);
    },
  );
};
