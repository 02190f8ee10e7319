import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  messageResponseSchema,
  newPasswordSchema,
  recoverRequestSchema,
  resetLinkResponseSchema,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { depsOf } from '../../deps.ts';
import { perEmail, perIp } from '../../plugins/rate-limit.ts';
import { accountLimits, type AccountLimiters } from '../accounts/service.ts';
import { completeRecovery, emailForResetLink, requestRecovery, type RecoveryKind } from './service.ts';

const kinds: [string, RecoveryKind][] = [
  ['cliente', 'client'],
  ['usuario', 'escort'],
];

/** Forgotten password: a mailed 4-digit code, then the new password. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const deps = depsOf(app);
  const recoveryIp = perIp(app, 'recovery-ip', accountLimits.recoveryPerIp);
  const newPassIp = perIp(app, 'nueva-pass-ip', accountLimits.newPassPerIp);

  for (const [prefix, kind] of kinds) {
    app.post(
      `/${prefix}/recuperar-pass`,
      {
        // Both kinds tell an unknown e-mail apart (the spec's messages): the lookup counters apply.
        onRequest: [recoveryIp, ...limiters.lookup],
        config: perEmail(`recovery-${prefix}`, accountLimits.recoveryPerEmail),
        schema: {
          tags: ['recuperación'],
          summary: 'Envía una contraseña provisoria de 4 dígitos por correo (vale 15 minutos)',
          body: recoverRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await requestRecovery(deps, kind, request.body.email);
        return { mensaje: kind === 'client' ? msg.clientRecoverySent : msg.escortRecoverySent };
      },
    );

    app.put(
      `/${prefix}/nueva-pass`,
      {
        onRequest: newPassIp,
        schema: {
          tags: ['recuperación'],
          summary:
            'Cambia la contraseña con la provisoria (uso único, 5 intentos; 10 códigos errados en 24 h bloquean ' +
            'la recuperación con código 24 h: 429 RECOVERY_LOCKED, salvo con el token del enlace del correo)',
          body: newPasswordSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        await completeRecovery(deps, kind, request.body);
        // She proved her mailbox from this address: a login lock-out of the account no longer applies to it.
        await limiters.guard.rememberAddress(request.body.email, request.ip);
        return { mensaje: msg.passwordUpdated };
      },
    );

    app.get(
      `/${prefix}/resetear-pass/:token`,
      {
        onRequest: newPassIp,
        schema: {
          tags: ['recuperación'],
          summary: 'El correo detrás de un enlace de recuperación vigente',
          params: z.object({ token: z.string().min(20).max(100) }),
          response: { 200: resetLinkResponseSchema },
        },
      },
      async (request) => ({
        email: await emailForResetLink(app.db, kind, request.params.token, deps.clock.now()),
      }),
    );
  }
};
