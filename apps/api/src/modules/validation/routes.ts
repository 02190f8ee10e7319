import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  autorizadoSchema,
  messageSchema,
  motivoBodySchema,
  pendingClientSchema,
  pendingEscortSchema,
  rejectBodySchema,
} from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireAccount, requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import {
  authorize,
  autorizadoOf,
  informApproved,
  pendingClients,
  pendingEscorts,
  reject,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: z.string().min(1).max(40) });

// The admin's calls and the holder's status, per kind: cliente/... and usuario/...
const adminKinds = [
  {
    prefix: 'cliente',
    kind: 'client' as const,
    reject: 'informa-rechazar-cliente',
    inform: 'informa-autorizado-cliente',
    ok: msg.clientAuthorized,
  },
  {
    prefix: 'usuario',
    kind: 'escort' as const,
    reject: 'informar-rechazo-escort',
    inform: 'informa-autorizado-escort',
    ok: msg.escortAuthorized,
  },
];

/**
 * Account validation: the admin's queue and decisions here; identity
 * documents (document-routes.ts) and the holder's notices (notice-routes.ts)
 * beside them.
 */
export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  for (const k of adminKinds) {
    app.get(
      `/${k.prefix}/pendientes`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['administración'],
          summary: `Cuentas ${k.prefix} pendientes de validación (solo administradores)`,
          response: {
            200: z.array(k.kind === 'client' ? pendingClientSchema : pendingEscortSchema),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request, reply) => {
        await requireAdmin(request);
        reply.header('cache-control', 'no-store');
        return k.kind === 'client'
          ? pendingClients(app.db, deps.clock.now())
          : pendingEscorts(app.db, deps.clock.now());
      },
    );

    app.put(
      `/${k.prefix}/autorizar/:id`,
      {
        // An approved escort appears in listings and on her card at once.
        config: publicWrite,
        schema: {
          security: sessionSecurity,
          tags: ['administración'],
          summary:
            'Autoriza la cuenta (RUT): aprobado, aviso "Cuenta Autorizada", registro de auditoría y correo. 409 sin documento o si la fecha de nacimiento es de una persona menor de 18 años',
          params: idParams,
          response: {
            200: messageSchema.extend({ autorizado: z.literal('aprobado') }),
            ...errors,
            ...errorResponses(409),
          },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await authorize(deps, admin, k.kind, request.params.id);
        return { mensaje: k.ok, autorizado: 'aprobado' as const };
      },
    );

    app.get(
      `/${k.prefix}/autorizado/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: 'Estado de autorización de la cuenta (la propia, o cualquiera para un administrador)',
          params: idParams,
          response: { 200: autorizadoSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return autorizadoOf(app.db, caller, k.kind, request.params.id);
      },
    );

    app.post(
      `/${k.prefix}/${k.reject}/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['administración'],
          summary:
            'Rechaza el documento con uno o más motivos (unidos con ", ") y, si se quiere, un detalle en texto libre (máx. 300); la cuenta sigue pendiente. Responde el motivo guardado',
          params: idParams,
          body: rejectBodySchema,
          response: { 200: messageSchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        return { mensaje: await reject(deps, admin, k.kind, request.params.id, request.body) };
      },
    );

    app.post(
      `/${k.prefix}/${k.inform}/:id`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['administración'],
          summary: 'Envía (de nuevo) el aviso de aprobación a una cuenta ya autorizada',
          params: idParams,
          body: motivoBodySchema,
          response: { 200: messageSchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await informApproved(deps, admin, k.kind, request.params.id, request.body.motivo);
        return { mensaje: request.body.motivo };
      },
    );
  }
};
