import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  commentBodySchema,
  commentCheckQuerySchema,
  commentSchema,
  likesBodySchema,
} from '@encanto/core/marketplace';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import {
  checkCommented,
  deleteComment,
  dislikeComment,
  listForClient,
  listForEscort,
  registerComment,
} from './service.ts';

const tags = ['comentarios'];
const errors = errorResponses(401, 403, 404, 409);
const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const nickParam = z.object({ nick: z.string().min(1).max(40) });

/**
 * /api/comments. The spec's 'usuario' and 'cliente' variants are the same
 * resource (a client's comment on an escort's profile) reached from either
 * side's screens, so both prefixes share one handler each.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const side of ['usuario', 'cliente'] as const) {
    app.post(
      `/comments/${side}/registro`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: 'El cliente comenta un perfil tras una cita aceptada (uno por día); la cita se cierra',
          body: commentBodySchema,
          response: { 201: z.object({ mensaje: z.string(), data: commentSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const data = await registerComment(app.db, await requireAccount(request), request.body);
        return reply.status(201).send({ mensaje: msg.commentSaved, data });
      },
    );

    app.delete(
      `/comments/${side}/eliminar/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: 'Elimina un comentario con 3 o más "No Me Gusta" (la escort del perfil o un admin)',
          params: idParam,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await deleteComment(app.db, await requireAccount(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      `/comments/${side}/likes/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: '"No Me Gusta": suma exactamente uno mientras el cliente tenga el click activo',
          params: idParam,
          body: likesBodySchema.optional(),
          response: { 200: z.object({ data: commentSchema }), ...errors },
        },
      },
      async (request) => ({
        data: await dislikeComment(app.db, await requireAccount(request), request.params.id),
      }),
    );

    app.get(
      `/comments/${side}/verificar`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: '¿El cliente ya comentó este perfil en la fecha (hoy en Chile por defecto)?',
          querystring: commentCheckQuerySchema,
          response: { 200: z.object({ realizado: z.boolean(), existe: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const done = await checkCommented(app.db, await requireAccount(request), request.query);
        return { realizado: done, existe: done };
      },
    );
  }

  app.get(
    '/comments/nick_usuario/:nick',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Comentarios del perfil de una escort (cuentas con sesión; de un perfil oculto, solo ella y los admins)',
        params: nickParam,
        response: { 200: z.array(commentSchema), ...errors },
      },
    },
    async (request) => {
      return listForEscort(app.db, await requireAccount(request), request.params.nick);
    },
  );

  app.get(
    '/comments/nick_cliente/:nick',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Comentarios escritos por un cliente (el propio cliente o un admin)',
        params: nickParam,
        response: { 200: z.array(commentSchema), ...errors },
      },
    },
    async (request) => listForClient(app.db, await requireAccount(request), request.params.nick),
  );
};
