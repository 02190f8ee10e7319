import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAlertSchema, alertDecisionSchema, alertIdParam } from '@encanto/core/alerts';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { alertsForAdmin, decideAlert } from './service.ts';

const tags = ['alertas'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The administration's queue of safety alerts: confirm, dismiss, or withdraw after the client's answer. */
export const alertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/admin/alertas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Alertas de seguridad: pendientes primero, luego las confirmadas con descargo',
        response: { 200: z.array(adminAlertSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return alertsForAdmin(deps);
    },
  );

  const decisions = [
    [
      'confirmar',
      'Confirma una alerta pendiente (con nota); el cliente recibe un correo',
      msg.alertConfirmed,
    ],
    ['descartar', 'Descarta una alerta pendiente (con nota)', msg.alertDismissed],
    ['retirar', 'Retira una alerta confirmada, por ejemplo tras el descargo (con nota)', msg.alertWithdrawn],
  ] as const;
  for (const [decision, summary, done] of decisions) {
    app.post(
      `/admin/alertas/:id/${decision}`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary,
          params: alertIdParam,
          body: alertDecisionSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await decideAlert(deps, admin, request.params.id, decision, request.body.nota);
        return { mensaje: done };
      },
    );
  }
};
