import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientChangePasswordSchema,
  escortChangePasswordSchema,
  messageResponseSchema,
} from '@encanto/core/accounts';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import type { SessionAccount } from '../sessions/service.ts';
import type { AccountLimiters } from './rate-limits.ts';
import { changePassword } from './service.ts';

/**
 * Password change from the profiles: only the owner, and only with the current
 * password. Each try verifies that password, so a stolen session could guess it:
 * the same per-IP limit and per-account budget as a login apply.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const { guard, passwordIp } = limiters;

  // Both kinds change their own password alike; only how a route names its caller differs.
  const change = async (ip: string, caller: SessionAccount, current: string, next: string) => {
    await guard.attempt(ip, caller.email, () =>
      changePassword(app.db, caller.id, caller.sessionId, current, next, app.services.clock.now()),
    );
    return { mensaje: msg.passwordUpdated };
  };

  app.put(
    '/cliente/modificar-pass',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Cambio de contraseña del cliente (contraseña actual incorrecta: 404)',
        body: clientChangePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.body.rut_cliente }, { kind: 'client' });
      return change(request.ip, caller, request.body.passActual, request.body.pass);
    },
  );

  app.put(
    '/usuario/modificar-pass-por-pass',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Cambio de contraseña de la escort (contraseña actual incorrecta: 404)',
        body: escortChangePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { nickname: request.body.nickname }, { kind: 'escort' });
      return change(request.ip, caller, request.body.passActual, request.body.newPass);
    },
  );
};
