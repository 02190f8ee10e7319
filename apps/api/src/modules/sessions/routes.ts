import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { deviceName, sessionInfoSchema } from '@encanto/core/two-factor';
import { notFound, unauthorized } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session-cookie.ts';
import { listSessions, revokeAllSessions, revokeSessionById } from './service.ts';

/** "Sesiones activas": the account's devices, and ending one or all the others (decision 0081). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cuenta/sesiones',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Sesiones abiertas de la cuenta (dispositivo aproximado)',
        response: { 200: z.array(sessionInfoSchema) },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      const rows = await listSessions(app.db, account.id, app.services.clock.now());
      return rows.map((row) => ({
        id: row.id,
        creada: row.createdAt.toISOString(),
        ultima_actividad: row.lastSeenAt.toISOString(),
        dispositivo: deviceName(row.userAgent),
        actual: row.id === account.sessionId,
      }));
    },
  );

  app.delete(
    '/cuenta/sesiones/:id',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Cierra una sesión de la cuenta',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      // Another account's session id answers as a missing one: ids cannot be probed.
      if (!(await revokeSessionById(app.db, account.id, request.params.id)))
        throw notFound(msg.sessionNotFound);
      // Ending the device's own session from the list signs it out: its cookie goes too.
      if (request.params.id === account.sessionId) clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/cuenta/sesiones',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Cierra todas las sesiones menos la actual',
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await revokeAllSessions(app.db, account.id, account.sessionId);
      return reply.status(204).send(null);
    },
  );

  // A browser that still keeps its token where scripts read it (before cookie sessions, decision 0108)
  // trades it once for the cookie, then forgets it. Only the bearer header is taken here: the cookie
  // would prove nothing new.
  app.post(
    '/sesion/cookie',
    {
      schema: {
        security: sessionSecurity,
        tags: ['seguridad'],
        summary: 'Pasa la sesión del encabezado Authorization a la cookie de sesión',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const token = request.bearerToken();
      if (!token || !(await request.account())) throw unauthorized();
      setSessionCookie(request, reply, token);
      return reply.status(204).send(null);
    },
  );
};
