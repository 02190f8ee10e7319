import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  confirmTotpBodySchema,
  disableTwoFactorBodySchema,
  notDoneBodySchema,
  passkeyInfoSchema,
  passkeyRegisterBodySchema,
  reauthBodySchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
} from '@encanto/core/two-factor';
import { depsOf } from '../../deps.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { perIp } from '../../plugins/rate-limit.ts';
import { PasswordGuard } from '../accounts/service.ts';
import {
  confirmTotpEnrolment,
  disableTotp,
  renewRecoveryCodes,
  startTotp,
  twoFactorStatus,
} from '../two-factor/service.ts';
import {
  passkeyList,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from '../two-factor/service.ts';
import { reauthValidUntil, requireFreshProof, undoSecurityNotice } from './service.ts';

/**
 * The account's own factors from "Seguridad": the TOTP app, recovery codes and passkeys. Every change
 * needs a fresh proof (password or a code, in the request or within 5 minutes), mails the owner, and
 * signs the other devices out. "No fui yo" answers those mails.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const guard = new PasswordGuard(app.services.counters, app.services.clock);
  // Every route here may verify a password: the same per-IP budget as password checks elsewhere.
  const passwordIp = perIp(app, 'two-factor-pass-ip', { max: 30, timeWindow: 10 * 60_000 });
  // A POST without a body arrives as null: the proof may be given earlier (the 5-minute window).
  const proofBody = reauthBodySchema.nullish();
  const subject = (account: { id: string; email: string; sessionId: string }, userAgent?: string) => ({
    id: account.id,
    email: account.email,
    sessionId: account.sessionId,
    userAgent,
  });

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
    '/cuenta/reautenticar',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Confirma la identidad (contraseña o código) para cambiar la seguridad por 5 minutos',
        body: reauthBodySchema,
        response: {
          200: z.object({ mensaje: z.string(), valido_hasta: z.string() }),
          ...errorResponses(401, 403, 409, 429),
        },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      const { pass, codigo } = request.body;
      // An empty body proves nothing: it must not pass on a window opened earlier.
      if (pass === undefined && codigo === undefined)
        throw badRequest(msg.reauthRequired, undefined, 'PROOF_MISSING');
      await requireFreshProof(deps, guard, request.ip, account, request.body);
      return { mensaje: msg.reauthDone, valido_hasta: reauthValidUntil(deps).toISOString() };
    },
  );

  app.post(
    '/cuenta/2fa/totp',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Genera el secreto y el código QR para la app de autenticación (pide una prueba reciente)',
        body: proofBody,
        response: { 200: totpEnrolmentSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      await requireFreshProof(deps, guard, request.ip, account, request.body ?? {});
      return startTotp(deps, account.id, app.config.siteName, account.email);
    },
  );

  app.post(
    '/cuenta/2fa/totp/confirmar',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Activa la verificación con el primer código; entrega los códigos de recuperación',
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      // `codigo` is the new app's first code: the proof can only be the password (or the window).
      await requireFreshProof(deps, guard, request.ip, account, { pass: request.body.pass });
      const codes = await confirmTotpEnrolment(
        deps,
        subject(account, request.headers['user-agent']),
        request.body.codigo,
      );
      return { codigos_recuperacion: codes };
    },
  );

  app.post(
    '/cuenta/2fa/codigos',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Genera códigos de recuperación nuevos (los anteriores dejan de servir)',
        body: proofBody,
        response: { 200: recoveryCodesSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      await requireFreshProof(deps, guard, request.ip, account, request.body ?? {});
      const codes = await renewRecoveryCodes(deps, subject(account, request.headers['user-agent']));
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
      await guard.checkPassword(
        app.db,
        request.ip,
        account,
        request.body.pass,
        unauthorized(msg.twoFactorPasswordWrong, 'WRONG_PASSWORD'),
      );
      await disableTotp(
        deps,
        { ...subject(account, request.headers['user-agent']), kind: account.kind },
        request.body.codigo,
      );
      return reply.status(204).send(null);
    },
  );

  // ---- Passkeys ----
  const rp = relyingParty(app.config.siteUrl, app.config.siteName);

  app.post(
    '/cuenta/passkeys/opciones',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Opciones WebAuthn para registrar una passkey (pide una prueba reciente)',
        body: proofBody,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      await requireFreshProof(deps, guard, request.ip, account, request.body ?? {});
      return registrationOptions(deps, rp, account);
    },
  );

  app.post(
    '/cuenta/passkeys',
    {
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Registra la passkey creada por el navegador',
        body: passkeyRegisterBodySchema,
        response: { 201: z.array(passkeyInfoSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await requireFreshProof(deps, guard, request.ip, account, { pass: request.body.pass });
      await registerPasskey(
        deps,
        rp,
        subject(account, request.headers['user-agent']),
        request.body.respuesta,
        request.body.nombre,
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
      onRequest: passwordIp,
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Elimina una passkey (pide una prueba reciente; cierra las demás sesiones)',
        params: z.object({ id: z.uuid() }),
        body: proofBody,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await requireFreshProof(deps, guard, request.ip, account, request.body ?? {});
      await removePasskey(deps, subject(account, request.headers['user-agent']), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- "No fui yo" ----
  const notMeIp = perIp(app, 'not-me-ip', { max: 20, timeWindow: 15 * 60_000 });

  app.post(
    '/seguridad/no-fui-yo',
    {
      onRequest: notMeIp,
      schema: {
        tags: ['seguridad'],
        summary:
          'Desde el correo de aviso: cierra todas las sesiones, deshace el cambio y anula la contraseña',
        body: notDoneBodySchema,
        response: {
          200: z.object({ mensaje: z.string(), tipo: z.enum(['client', 'escort', 'admin']) }),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request) => {
      const tipo = await undoSecurityNotice(deps, request.body.token);
      return { mensaje: msg.notDoneDone, tipo };
    },
  );
};
