import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { photoHoldDecisionSchema, photoHoldSchema, photoReportParamsSchema } from '@encanto/core/photo-holds';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { decidePhotoHold, listPhotoHolds, reportLookAlike } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid({ error: msg.photoHoldNotFound }) });

/** Pictures held as near copies of another account's (decision 0177): the admin decides, the earlier owner reports. */
export const photoHoldRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const tags = ['señales'];

  app.get(
    '/admin/fotos-retenidas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Fotos retenidas por parecerse a una foto de otra cuenta (pendientes primero)',
        response: { 200: z.array(photoHoldSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listPhotoHolds(app.db);
    },
  );

  for (const [action, done] of [
    ['liberar', msg.photoHoldReleased],
    ['retirar', msg.photoHoldRemoved],
  ] as const) {
    app.post(
      `/admin/fotos-retenidas/:id/${action}`,
      {
        config: publicWrite,
        schema: {
          security: sessionSecurity,
          tags,
          summary:
            action === 'liberar'
              ? 'Libera una foto retenida: se muestra en el perfil (queda en la auditoría)'
              : 'Retira una foto retenida: no se mostrará (queda en la auditoría)',
          params: idParams,
          body: photoHoldDecisionSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await decidePhotoHold(deps, admin, request.params.id, action, request.body.nota);
        return { mensaje: done };
      },
    );
  }

  app.post(
    '/fotos-parecidas/:token/denunciar',
    {
      // The token is the credential; per IP, so nobody walks tokens.
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Denuncia de suplantación con un clic, desde el correo a la dueña de la foto anterior',
        params: photoReportParamsSchema,
        response: { 200: messageSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => reportLookAlike(deps, request.params.token),
  );
};
