import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escortLoginResponseSchema } from '@encanto/core/accounts';
import { errorResponses } from '@encanto/core/api-error';
import {
  anyLoginResponseSchema,
  challengeBodySchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  totpEnrolmentSchema,
} from '@encanto/core/two-factor';
import {
  confirmAdminEnrolment,
  enrolChallengeAccount,
  passSecondFactor,
  startTotp,
} from '../two-factor/service.ts';
import type { AccountLimiters } from './rate-limits.ts';
import { finishLogin, findAccountById, type LoginContext } from './service.ts';

/** What a login records about the device: its User-Agent, for "Sesiones activas". */
export const loginContext = (request: FastifyRequest): LoginContext => ({
  userAgent: request.headers['user-agent'],
});

/**
 * The steps after a right password (issue 18): a code for accounts with a second factor, and the
 * enrolment every administrator without one goes through before any admin route answers her.
 * They share the login routes' per-IP limit; wrong codes count per challenge and per account.
 */
export const loginStepRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const { passwordIp } = limiters;

  app.post(
    '/login/segundo-factor',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Segundo paso del ingreso: código de la app o código de recuperación',
        body: secondFactorBodySchema,
        response: { 200: anyLoginResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request) => {
      const { accountId, loginKind } = await passSecondFactor(
        app.db,
        request.body.desafio,
        request.body.codigo,
      );
      return finishLogin(app.db, accountId, loginKind, { ...loginContext(request), secondFactor: true });
    },
  );

  app.post(
    '/login/inscribir-totp',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Administrador sin segundo factor: genera el secreto y el código QR',
        body: challengeBodySchema,
        response: { 200: totpEnrolmentSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => {
      const accountId = await enrolChallengeAccount(app.db, request.body.desafio);
      const account = await findAccountById(app.db, accountId);
      return startTotp(app.db, accountId, app.config.siteName, account?.email ?? 'admin');
    },
  );

  app.post(
    '/login/confirmar-totp',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Administrador: confirma la app con un código y termina el ingreso',
        body: secondFactorBodySchema,
        response: {
          200: escortLoginResponseSchema.extend(recoveryCodesSchema.shape),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      const { accountId, loginKind, codes } = await confirmAdminEnrolment(
        app.db,
        request.body.desafio,
        request.body.codigo,
      );
      // Only the admin login route opens an enrolment challenge, so the answer has the admin's shape.
      const answer = await finishLogin(app.db, accountId, loginKind as 'admin', {
        ...loginContext(request),
        secondFactor: true,
      });
      return { ...answer, codigos_recuperacion: codes };
    },
  );
};
