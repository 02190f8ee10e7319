import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@encanto/core/api-error';
import {
  accountRutKey,
  clientValidateQuerySchema,
  escortValidateQuerySchema,
  existsResponseSchema,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { anyTakenOfKind } from './queries.ts';
import { isTaken, normEmail, type AvailabilityQuery } from './service.ts';
import type { AccountLimiters } from './rate-limits.ts';

const value = z.string().trim().min(1).max(254);
/** The spec's 404 here carries existe: false beside the usual error body. */
const notFoundSchema = apiErrorSchema.extend({ existe: z.literal(false) });
const per = { 200: existsResponseSchema, 404: notFoundSchema };

/** The spec's convention for per-field checks: 200 means the value exists, 404 means it is free. */
function answer(reply: FastifyReply, taken: boolean) {
  return taken
    ? reply.status(200).send({ existe: true })
    : reply.status(404).send({ existe: false as const, mensaje: msg.notFound, code: 'NOT_FOUND' });
}

/**
 * Availability checks for the registration forms. RUT, nickname and e-mail are
 * unique across every kind of account, so each check covers both populations.
 * All of them draw on one per-IP counter (per minute and per day): with one
 * counter each, an enumerator simply spread its lookups over the routes.
 */
export const availabilityRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const onRequest = limiters.lookup;
  const schema = (summary: string) => ({ tags: ['disponibilidad'], summary });

  for (const prefix of ['cliente', 'usuario'] as const) {
    app.get(
      `/${prefix}/validar/rut/:v`,
      {
        onRequest,
        schema: {
          ...schema('¿Existe el RUT? 200 sí, 404 no'),
          params: z.object({ v: value }),
          response: per,
        },
      },
      async (request, reply) => answer(reply, await isTaken(app.db, { rut: request.params.v })),
    );
    app.get(
      `/${prefix}/validar/nickname/:v`,
      {
        onRequest,
        schema: {
          ...schema('¿Existe el nickname? 200 sí, 404 no'),
          params: z.object({ v: value }),
          response: per,
        },
      },
      async (request, reply) => answer(reply, await isTaken(app.db, { nickname: request.params.v })),
    );
  }

  app.get(
    '/cliente/validar/email/:v',
    {
      onRequest,
      schema: {
        ...schema('¿Existe el email? 200 sí, 404 no'),
        params: z.object({ v: value }),
        response: per,
      },
    },
    async (request, reply) => answer(reply, await isTaken(app.db, { email: request.params.v })),
  );
  app.get(
    '/usuario/validar/email',
    {
      onRequest,
      schema: {
        ...schema('¿Existe el email? 200 sí, 404 no'),
        querystring: z.object({ email: value }),
        response: per,
      },
    },
    async (request, reply) => answer(reply, await isTaken(app.db, { email: request.query.email })),
  );

  // Combined checks: existe is true when any of the given values is taken.
  app.get(
    '/cliente/validar',
    {
      onRequest,
      schema: {
        ...schema('¿Existe alguno de RUT, email o nickname?'),
        querystring: clientValidateQuerySchema,
        response: { 200: existsResponseSchema },
      },
    },
    async (request) => ({
      existe: await isTaken(app.db, combined(request.query.rut_cliente, request.query)),
    }),
  );
  app.get(
    '/usuario/validar',
    {
      onRequest,
      schema: {
        ...schema('¿Existe alguno de RUT, email o nickname?'),
        querystring: escortValidateQuerySchema,
        response: { 200: existsResponseSchema },
      },
    },
    async (request) => ({
      existe: await isTaken(app.db, combined(request.query.rut_usuario, request.query)),
    }),
  );

  // Searches among clients (the client forgot-password screen checks its e-mail here first).
  const search = [
    ['rut_cliente', 'BuscaRut', (v: string) => ({ rutNorm: accountRutKey(v) })],
    ['email', 'BuscaEmail', (v: string) => ({ emailNorm: normEmail(v) })],
    ['nickname', 'BuscaNickname', (v: string) => ({ nickname: v.trim() })],
  ] as const;
  for (const [field, param, key] of search) {
    app.get(
      `/cliente/buscar/${field}`,
      {
        onRequest,
        schema: {
          ...schema(`¿Hay un cliente con ese ${field}? 200 sí, 404 no`),
          querystring: z.object({ [param]: value }),
          response: per,
        },
      },
      async (request, reply) => {
        const v = (request.query as Record<string, string>)[param] ?? '';
        return answer(reply, await anyTakenOfKind(app.db, 'client', key(v)));
      },
    );
  }
};

function combined(
  rut: string | undefined,
  q: { email?: string | undefined; nickname?: string | undefined },
): AvailabilityQuery {
  return { rut, email: q.email, nickname: q.nickname };
}
