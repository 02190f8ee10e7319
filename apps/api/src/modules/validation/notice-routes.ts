import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { clientNoticesSchema, escortNoticesSchema, messageSchema } from '@encanto/core/validation';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { clearNotice, notices } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const nicknameParams = z.object({ nickname: z.string().min(1).max(60) });
const idParams = z.object({ id: z.string().min(1).max(40) });

/** The account holder's own notices after an admin's decision: read them, then clear them once shown. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The client's notices are addressed by RUT, the escort's by nickname, as the spec names them.
  for (const which of ['pendiente', 'aprobado'] as const) {
    app.get(
      `/cliente/alerta-${which}/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: `Aviso de autorización ${which} del propio cliente (lista vacía si no hay)`,
          params: idParams,
          response: { 200: clientNoticesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return { clientes: await notices(app.db, caller, 'client', { rut: request.params.id }, which) };
      },
    );
    app.get(
      `/escort-alerta-${which}/:nickname`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: `Aviso de autorización ${which} de la propia escort (lista vacía si no hay)`,
          params: nicknameParams,
          response: { 200: escortNoticesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return {
          usuario: await notices(app.db, caller, 'escort', { nickname: request.params.nickname }, which),
        };
      },
    );
  }

  app.post(
    '/cliente/quitar-mensaje-cliente/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['validación'],
        summary: 'Quita el aviso ya mostrado al cliente',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await clearNotice(app.db, caller, 'client', { rut: request.params.id }, app.services.clock.now());
      return { mensaje: msg.noticeCleared };
    },
  );

  app.post(
    '/quitar-mensaje-escort/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['validación'],
        summary: 'Quita el aviso ya mostrado a la escort',
        params: nicknameParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await clearNotice(
        app.db,
        caller,
        'escort',
        { nickname: request.params.nickname },
        app.services.clock.now(),
      );
      return { mensaje: msg.noticeCleared };
    },
  );
};
