import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  savedSearchBodySchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
} from '@encanto/core/saved-searches';
import { depsOf } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { deleteSearch, mySearches, saveSearch } from './service.ts';

const tags = ['busquedas'];

/** A client's own account; another kind gets a 403 that says why. */
async function requireClient(request: Parameters<typeof requireAccount>[0]) {
  const account = await requireAccount(request);
  if (account.kind !== 'client') throw forbidden(msg.savedSearchClientsOnly, 'CLIENTS_ONLY');
  return account;
}

/** /api/busquedas: a client's saved searches (decisions 0175, 0176). Private to him: nothing public changes. */
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/busquedas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Las búsquedas guardadas del cliente con sesión',
        response: { 200: z.object({ busquedas: z.array(savedSearchSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ busquedas: await mySearches(app.db, (await requireClient(request)).id) }),
  );

  app.post(
    '/busquedas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Guarda la búsqueda actual con un nombre (10 como máximo)',
        body: savedSearchBodySchema,
        response: { 200: z.object({ busqueda: savedSearchSchema }), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      busqueda: await saveSearch(deps, (await requireClient(request)).id, request.body),
    }),
  );

  app.delete(
    '/busquedas/:id',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Borra una búsqueda guardada propia',
        params: savedSearchIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteSearch(app.db, (await requireClient(request)).id, request.params.id);
      return { ok: true as const };
    },
  );
};
