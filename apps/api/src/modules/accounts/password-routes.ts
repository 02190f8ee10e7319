import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientChangePasswordSchema,
  escortChangePasswordSchema,
  messageResponseSchema,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { changePassword } from './service.ts';

/** Password change from the profiles: only the owner, and only with the current password. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/cliente/modificar-pass',
    {
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Cambio de contraseña del cliente (contraseña actual incorrecta: 404)',
        body: clientChangePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.body.rut_cliente }, { kind: 'client' });
      await changePassword(app.db, caller.id, caller.sessionId, request.body.passActual, request.body.pass);
      return { mensaje: msg.passwordUpdated };
    },
  );

  app.put(
    '/usuario/modificar-pass-por-pass',
    {
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Cambio de contraseña de la escort (contraseña actual incorrecta: 404)',
        body: escortChangePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { nickname: request.body.nickname }, { kind: 'escort' });
      await changePassword(
        app.db,
        caller.id,
        caller.sessionId,
        request.body.passActual,
        request.body.newPass,
      );
      return { mensaje: msg.passwordUpdated };
    },
  );
};
