import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { signalDismissSchema, signalSchema } from '@encanto/core/safety';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { dismissSignal, listSignals } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Signals for the administrator: accounts that share a photo, a phone, a document or an address (decision 0084). */
export const signalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const tags = ['señales'];

  app.get(
    '/admin/senales',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Grupos de cuentas que comparten foto, teléfono, documento o dirección de registro',
        response: { 200: z.array(signalSchema), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return listSignals(deps);
    },
  );

  app.post(
    '/admin/senales/:clave/descartar',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Descarta un grupo con una nota (queda en la auditoría); vuelve si se suma otra cuenta',
        params: z.object({ clave: z.string().regex(/^[a-z_]+-[a-f0-9]{20}$/) }),
        body: signalDismissSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await dismissSignal(deps, admin, request.params.clave, request.body.nota);
      return { mensaje: msg.signalDismissed };
    },
  );
};
