import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escortLoginResponseSchema } from '@encanto/core/accounts';
import { errorResponses } from '@encanto/core/api-error';
import {
  anyLoginResponseSchema,
  challengeBodySchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  totpEnrolmentSchema,
  webauthnResponseBodySchema,
} from '@encanto/core/two-factor';
import { msg } from '@encanto/core/messages';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import {
  confirmAdminEnrolment,
  enrolChallengeAccount,
  passSecondFactor,
  challengeFor,
  passSecondFactorWithPasskey,
  startTotp,
} from '../two-factor/service.ts';
import {
  loginOptions,
  passkeyLogin,
  relyingParty,
  secondStepOptions,
  verifyAssertion,
} from '../two-factor/service.ts';
import { withSessionCookie } from '../../plugins/session-cookie.ts';
import { deviceIdOf, setDeviceCookie } from '../../plugins/device-cookie.ts';
import { depsOf } from '../../deps.ts';
import type { AccountLimiters } from './rate-limits.ts';
import { finishLogin, findAccountById, type LoginContext } from './service.ts';

/**
 * What a login records about the device: its User-Agent, for "Sesiones activas", and the browser's
 * device id, so a sign-in from a browser the account never used mails the owner.
 */
export const loginContext = (request: FastifyRequest): LoginContext => ({
  userAgent: request.headers['user-agent'],
  deviceId: deviceIdOf(request),
});

/** A login answer that opened a session sets the session cookie and keeps the device cookie. */
export function signedIn<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
  const pending = typeof answer === 'object' && answer !== null && 'desafio' in answer;
  if (!pending) setDeviceCookie(request, reply);
  return withSessionCookie(request, reply, answer);
}

/**
 * The steps after a right password (decision 0078): a code for accounts with a second factor, and the
 * enrolment every administrator without one goes through before any admin route answers her.
 * They share the login routes' per-IP limit; wrong codes count per challenge and per account.
 */
export const loginStepRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const { passwordIp } = limiters;
  const deps = depsOf(app);

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
    async (request, reply) => {
      const { accountId, loginKind } = await passSecondFactor(
        deps,
        request.body.desafio,
        request.body.codigo,
      );
      const answer = await finishLogin(deps, accountId, loginKind, {
        ...loginContext(request),
        secondFactor: true,
      });
      return signedIn(request, reply, answer);
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
      // The challenge proves a right password moments ago: the fresh proof of this enrolment.
      const accountId = await enrolChallengeAccount(deps, request.body.desafio);
      const account = await findAccountById(app.db, accountId);
      return startTotp(deps, accountId, app.config.siteName, account?.email ?? 'admin');
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
    async (request, reply) => {
      const challengeAccount = await findAccountById(
        app.db,
        await enrolChallengeAccount(deps, request.body.desafio),
      );
      const { accountId, loginKind, codes } = await confirmAdminEnrolment(
        deps,
        request.body.desafio,
        request.body.codigo,
        { email: challengeAccount?.email ?? '', userAgent: request.headers['user-agent'] },
      );
      // Only the admin login route opens an enrolment challenge, so the answer has the admin's shape.
      const answer = await finishLogin(deps, accountId, loginKind as 'admin', {
        ...loginContext(request),
        secondFactor: true,
      });
      return signedIn(request, reply, { ...answer, codigos_recuperacion: codes });
    },
  );

  // ---- Passkeys: passwordless login, and a passkey as the second step ----
  const rp = relyingParty(app.config.siteUrl, app.config.siteName);
  const options = { 200: z.record(z.string(), z.unknown()) };

  app.post(
    '/login/passkey/opciones',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Opciones WebAuthn para ingresar con una passkey',
        response: options,
      },
    },
    () => loginOptions(deps, rp),
  );

  app.post(
    '/login/passkey',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Ingreso sin contraseña con una passkey',
        body: webauthnResponseBodySchema,
        response: { 200: anyLoginResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const accountId = await passkeyLogin(deps, rp, request.body.respuesta);
      const account = await findAccountById(app.db, accountId);
      if (!account) throw unauthorized(msg.passkeyUnknown, 'PASSKEY_UNKNOWN');
      // A passkey is possession plus the device's lock (user verification required): both factors.
      const answer = await finishLogin(deps, accountId, account.kind, {
        ...loginContext(request),
        secondFactor: true,
      });
      return signedIn(request, reply, answer);
    },
  );

  app.post(
    '/login/segundo-factor/passkey-opciones',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Opciones WebAuthn para usar una passkey como segundo paso',
        body: challengeBodySchema,
        response: { ...options, ...errorResponses(401) },
      },
    },
    async (request) => {
      const challenge = await challengeFor(deps, request.body.desafio, 'verify');
      return secondStepOptions(app.db, rp, challenge.id, challenge.accountId);
    },
  );

  app.post(
    '/login/segundo-factor/passkey',
    {
      onRequest: passwordIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Segundo paso del ingreso con una passkey',
        body: challengeBodySchema.extend({ respuesta: webauthnResponseBodySchema.shape.respuesta }),
        response: { 200: anyLoginResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { accountId, loginKind } = await passSecondFactorWithPasskey(
        deps,
        request.body.desafio,
        (expected) => verifyAssertion(deps, rp, request.body.respuesta, expected),
      );
      const answer = await finishLogin(deps, accountId, loginKind, {
        ...loginContext(request),
        secondFactor: true,
      });
      return signedIn(request, reply, answer);
    },
  );
};
