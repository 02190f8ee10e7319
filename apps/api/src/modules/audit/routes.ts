import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { auditEntrySchema } from '@encanto/core/validation';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { auditEntries } from './service.ts';

/** The admins' record of decisions, read from the panel. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/auditoria',
    {
      schema: {
        security: sessionSecurity,
        tags: ['administración'],
        summary: 'Registro de decisiones de los administradores, las más recientes primero',
        querystring: z.object({
          limite: z.coerce.number().int().min(1).max(200).default(50),
          antes: z.coerce.number().int().min(1).optional(),
        }),
        response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return auditEntries(app.db, request.query.limite, request.query.antes);
    },
  );
};
