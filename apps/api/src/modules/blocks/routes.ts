import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { blockSchema, messageSchema } from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { blockClient, blockedClients, unblockClient } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** An escort blocks or unblocks a client (by nickname), and lists whom she blocked. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bloqueos',
    {
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Clientes bloqueados por la escort',
        response: { 200: z.array(z.object({ nickname_cliente: z.string(), desde: z.string() })), ...errors },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      return blockedClients(app.db, escort.id);
    },
  );

  app.post(
    '/bloqueos',
    {
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Bloquear a un cliente: no podrá pedir citas, comentar ni calificar',
        body: blockSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      await blockClient(app.db, escort.id, request.body.nickname_cliente, app.services.clock.now());
      return { mensaje: msg.clientBlocked };
    },
  );

  app.delete(
    '/bloqueos',
    {
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Desbloquear a un cliente',
        body: blockSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      await unblockClient(app.db, escort.id, request.body.nickname_cliente);
      return { mensaje: msg.clientUnblocked };
    },
  );
};
