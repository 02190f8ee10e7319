import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  confirmTotpBodySchema,
  disableTwoFactorBodySchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
} from '@encanto/core/two-factor';
import { unauthorized } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { perIp } from '../accounts/rate-limits.ts';
import { passwordMatches } from '../accounts/service.ts';
import { confirmTotpEnrolment, disableTotp, startTotp, twoFactorStatus } from './service.ts';

/**
 * Two-step login from the Cuenta section (issue 18): any signed-in account turns TOTP on with the
 * QR code and a first code, and off with its password and a code (admins cannot turn it off).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each DELETE verifies a password: the same per-IP budget as password checks elsewhere.
  const passwordIp = perIp(app, 'two-factor-pass-ip', { max: 30, timeWindow: 10 * 60_000 });

  app.get(
    '/cuenta/2fa',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Estado de la verificación en dos pasos de la cuenta',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      return twoFactorStatus(app.db, account.id, account.kind);
    },
  );

  app.post(
    '/cuenta/2fa/totp',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Genera el secreto y el código QR para la app de autenticación',
        response: { 200: totpEnrolmentSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      return startTotp(app.db, account.id, app.config.siteName, account.email);
    },
  );

  app.post(
    '/cuenta/2fa/totp/confirmar',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Activa la verificación con el primer código; entrega los códigos de recuperación',
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      const codes = await confirmTotpEnrolment(app.db, account.id, request.body.codigo, account.sessionId);
      return { codigos_recuperacion: codes };
    },
  );

  app.delete(
    '/cuenta/2fa',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Desactiva la verificación en dos pasos (contraseña y un código)',
        body: disableTwoFactorBodySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      if (!(await passwordMatches(app.db, account.id, request.body.pass))) {
        throw unauthorized(msg.twoFactorPasswordWrong, 'BAD_PASSWORD');
      }
      await disableTotp(app.db, account, request.body.codigo);
      return reply.status(204).send(null);
    },
  );
};
