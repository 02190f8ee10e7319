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
import { depsOf } from '../../deps.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import {
  checkCommented,
  deleteComment,
  dislikeComment,
  listForClient,
  listForEscort,
  registerComment,
  undoDislike,
} from './service.ts';

const tags = ['comentarios'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const nickParam = z.object({ nick: z.string().min(1).max(40) });

/**
 * /api/comments. The spec's 'usuario' and 'cliente' variants are the same
 * resource (a client's comment on an escort's profile) reached from either
 * side's screens, so both prefixes share one handler each.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  for (const side of ['usuario', 'cliente'] as const) {
    app.post(
      `/comments/${side}/registro`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary:
            'El cliente comenta una cita aceptada (una vez por cita, dentro de los 14 días siguientes a la cita; uno por día); se publica cuando ambos califican o termina el plazo',
          body: commentBodySchema,
          response: { 201: z.object({ mensaje: z.string(), data: commentSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const data = await registerComment(deps, await requireAccount(request), request.body);
        return reply
          .status(201)
          .send({ mensaje: data.publicado ? msg.commentSaved : msg.commentSavedHidden, data });
      },
    );

    app.delete(
      `/comments/${side}/eliminar/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary:
            'Elimina un comentario: su autor dentro de 24 horas, o la escort del perfil o un admin con 3 o más "No Me Gusta"',
          params: idParam,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await deleteComment(deps, await requireAccount(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      `/comments/${side}/likes/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: '"No Me Gusta" en este comentario: uno por cliente y comentario (repetirlo no suma)',
          params: idParam,
          body: likesBodySchema.optional(),
          response: { 200: z.object({ data: commentSchema }), ...errors },
        },
      },
      async (request) => ({
        data: await dislikeComment(deps, await requireAccount(request), request.params.id),
      }),
    );

    app.delete(
      `/comments/${side}/likes/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags,
          summary: 'Quita el "No Me Gusta" propio de este comentario',
          params: idParam,
          response: { 200: z.object({ data: commentSchema }), ...errors },
        },
      },
      async (request) => ({
        data: await undoDislike(deps, await requireAccount(request), request.params.id),
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
        const done = await checkCommented(deps, await requireAccount(request), request.query);
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
          'Comentarios publicados del perfil de una escort, y los propios que esperan (cuentas con sesión; de un perfil oculto, solo ella y los admins)',
        params: nickParam,
        response: { 200: z.array(commentSchema), ...errors },
      },
    },
    async (request) => listForEscort(deps, await requireAccount(request), request.params.nick),
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
    async (request) => listForClient(deps, await requireAccount(request), request.params.nick),
  );
};
