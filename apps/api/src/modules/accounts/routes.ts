import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  clientPublicSchema,
  clientProfileSchema,
  clientRegisteredSchema,
  clientRegisterSchemaAt,
  escortProfileSchema,
  escortRegisteredSchema,
  escortRegisterSchemaAt,
  loginSchema,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { clientOrEscortLoginStepSchema, escortLoginStepSchema } from '@encanto/core/two-factor';
import { requireAccount, requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { revokeSession } from '../sessions/service.ts';
import { clearSessionCookie } from '../../plugins/session-cookie.ts';
import { accountLimits, type AccountLimiters } from './rate-limits.ts';
import { loginContext as ctx, signedIn } from './login-routes.ts';
import {
  clientByNickname,
  clientProfile,
  clientSession,
  escortProfile,
  escortSession,
  loginClientOrEscort,
  loginEscortOrAdmin,
  registerClient,
  registerEscort,
  accountIdByRut,
} from './service.ts';
import { recordRegistration } from '../signals/service.ts';
import { depsOf } from '../../deps.ts';

const idParams = z.object({ id: z.string().min(1).max(40) });

/**
 * Registration, login, logout and the owner's profile reads for clients, escorts and admins. The
 * availability, password, login-step and recovery routes are sibling plugins (app.ts registers them
 * with the same `limiters`, so they count on the same counters).
 */
export const accountRoutes: FastifyPluginAsyncZod<{ limiters: AccountLimiters }> = async (
  app,
  { limiters },
) => {
  const registerLimit = { rateLimit: accountLimits.registerPerIp };
  const { guard, passwordIp: loginIp } = limiters;
  const deps = depsOf(app);
  // For the admin's "many accounts from one address" signal; a failure here never undoes a registration.
  const markRegistration = (accountId: string, ip: string) =>
    recordRegistration(deps, accountId, ip).catch((err: unknown) =>
      app.log.warn({ err }, 'registration mark not stored'),
    );

  app.post(
    '/cliente/registro',
    {
      config: registerLimit,
      schema: {
        tags: ['cuentas'],
        summary: 'Registro de cliente (queda pendiente de validación)',
        body: clientRegisterSchemaAt(() => deps.clock.now()),
        response: { 201: clientRegisteredSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const row = await registerClient(app.db, request.body, deps.clock.now());
      await markRegistration(row.id, request.ip);
      // Signed in at once: she has just chosen the password a login would ask for again.
      const sesion = await clientSession(deps, row, ctx(request));
      signedIn(request, reply, sesion);
      return reply.status(201).send({
        mensaje: msg.clientRegistered,
        sesion,
        cliente: {
          rut_cliente: row.rut,
          nombre: row.nombre,
          apellido: row.apellido,
          nickname: row.nickname,
          email: row.email,
          autorizado: row.autorizado,
        },
      });
    },
  );

  app.post(
    '/usuario/registro',
    {
      config: registerLimit,
      schema: {
        tags: ['cuentas'],
        summary: 'Registro de escort (queda pendiente de validación)',
        body: escortRegisterSchemaAt(() => deps.clock.now()),
        response: { 201: escortRegisteredSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const row = await registerEscort(app.db, request.body, deps.clock.now());
      await markRegistration(row.id, request.ip);
      const sesion = await escortSession(deps, row, ctx(request));
      signedIn(request, reply, sesion);
      return reply.status(201).send({ success: true as const, mensaje: msg.registrationOk, sesion });
    },
  );

  // The client login tells an unknown e-mail apart (the spec's 'El correo no existe.'): it counts on
  // the lookup counters too, so it lists no more accounts than the availability routes do.
  app.post(
    '/cliente/login',
    {
      onRequest: [loginIp, ...limiters.lookup],
      schema: {
        tags: ['cuentas'],
        summary: 'Ingreso de cliente (o de escort, si el correo es de una escort)',
        body: loginSchema,
        response: { 200: clientOrEscortLoginStepSchema },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await guard.attempt(request.ip, request.body.email, () =>
          loginClientOrEscort(deps, 'client', request.body, ctx(request)),
        ),
      ),
  );

  app.post(
    '/usuario/login',
    {
      onRequest: loginIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Ingreso de escort (o de cliente, si el correo es de un cliente)',
        body: loginSchema,
        response: { 200: clientOrEscortLoginStepSchema },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await guard.attempt(request.ip, request.body.email, () =>
          loginClientOrEscort(deps, 'escort', request.body, ctx(request)),
        ),
      ),
  );

  app.post(
    '/usuario/login-admin',
    {
      onRequest: loginIp,
      schema: {
        tags: ['cuentas'],
        summary: 'Ingreso de administrador',
        body: loginSchema,
        response: { 200: escortLoginStepSchema },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await guard.attempt(request.ip, request.body.email, () =>
          loginEscortOrAdmin(deps, 'admin', request.body, ctx(request)),
        ),
      ),
  );

  app.post(
    '/logout',
    { schema: { tags: ['cuentas'], summary: 'Cierra la sesión del token o la cookie enviados' } },
    async (request, reply) => {
      const token = request.sessionToken();
      if (token) await revokeSession(app.db, token);
      clearSessionCookie(request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/cliente/profile/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Datos del cliente (solo el propio cliente o un administrador); arreglo de uno',
        params: idParams,
        response: { 200: z.array(clientProfileSchema) },
      },
    },
    async (request) => {
      const caller = await requireSelf(
        request,
        { rut: request.params.id },
        { kind: 'client', allowAdmin: true },
      );
      const id =
        caller.kind === 'admin' ? await accountIdByRut(app.db, 'client', request.params.id) : caller.id;
      return [await clientProfile(app.db, id)];
    },
  );

  app.get(
    '/usuario/profile/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Datos de la escort (solo ella misma o un administrador)',
        params: idParams,
        response: { 200: escortProfileSchema },
      },
    },
    async (request) => {
      const caller = await requireSelf(
        request,
        { rut: request.params.id },
        { kind: 'escort', allowAdmin: true },
      );
      const id =
        caller.kind === 'admin' ? await accountIdByRut(app.db, 'escort', request.params.id) : caller.id;
      return escortProfile(app.db, id);
    },
  );

  app.get(
    '/cliente/nickname/:nick',
    {
      schema: {
        security: sessionSecurity,
        tags: ['cuentas'],
        summary: 'Ficha de un cliente para usuarios con sesión (sin datos privados)',
        params: z.object({ nick: z.string().min(1).max(40) }),
        response: { 200: clientPublicSchema },
      },
    },
    async (request) => {
      await requireAccount(request);
      return clientByNickname(app.db, request.params.nick);
    },
  );
};
