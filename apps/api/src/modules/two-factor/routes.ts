import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  confirmTotpBodySchema,
  disableTwoFactorBodySchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  passkeyInfoSchema,
  twoFactorStatusSchema,
  webauthnResponseBodySchema,
} from '@encanto/core/two-factor';
import { unauthorized } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { perIp } from '../accounts/rate-limits.ts';
import { passwordMatches } from '../accounts/service.ts';
import { confirmTotpEnrolment, disableTotp, startTotp, twoFactorStatus } from './service.ts';
import {
  passkeyList,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from './passkeys.ts';

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

  // ---- Passkeys ----
  const rp = relyingParty(app.config.siteUrl, app.config.siteName);

  app.post(
    '/cuenta/passkeys/opciones',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Opciones WebAuthn para registrar una passkey',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      return registrationOptions(app.db, rp, account);
    },
  );

  app.post(
    '/cuenta/passkeys',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Registra la passkey creada por el navegador',
        body: webauthnResponseBodySchema,
        response: { 201: z.array(passkeyInfoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await registerPasskey(
        app.db,
        rp,
        account,
        request.body.respuesta,
        request.body.nombre,
        request.headers['user-agent'],
      );
      return reply.status(201).send(await passkeyList(app.db, account.id));
    },
  );

  app.get(
    '/cuenta/passkeys',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Passkeys de la cuenta (nombre, creada, último uso)',
        response: { 200: z.array(passkeyInfoSchema) },
      },
    },
    async (request) => passkeyList(app.db, (await requireAccount(request)).id),
  );

  app.delete(
    '/cuenta/passkeys/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Elimina una passkey (cierra las demás sesiones)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await removePasskey(app.db, account, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
