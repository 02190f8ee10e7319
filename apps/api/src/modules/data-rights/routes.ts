import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRectificationSchema,
  deleteAccountSchema,
  messageSchema,
  myDataSchema,
  pauseSchema,
  rectificationCreateSchema,
  rectificationDecisionSchema,
  rectificationSchema,
} from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { requireAccount, requireAdmin, requireKind } from '../../plugins/auth.ts';
import { blockRoutes } from '../blocks/routes.ts';
import { reportRoutes } from '../reports/routes.ts';
import { deleteOwnAccount } from './deletion.ts';
import { exportAccount } from './export.ts';
import {
  decideRectification,
  ownRectifications,
  rectificationsForAdmin,
  requestRectification,
} from './rectification.ts';
import { startRetentionJob } from './retention.ts';
import { myData, setPause } from './service.ts';

const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Ley 21.719 rights over one's own data (access and portability, rectification,
 * deletion, blocking by pause), plus reports and client blocking, which live in
 * their own modules and are registered here.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(reportRoutes);
  await app.register(blockRoutes);
  startRetentionJob(app);

  app.get(
    '/privacidad',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Plazos de conservación que cita la política de privacidad',
        response: { 200: z.object({ retencion_documento_dias: z.number().int() }) },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .send({ retencion_documento_dias: app.config.documentRetentionDays }),
  );

  app.get(
    '/cuenta/mis-datos',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Estado de tus datos: documento, pausa, solicitudes, bloqueos',
        response: { 200: myDataSchema, ...errors },
      },
    },
    async (request) => myData(app, await requireAccount(request)),
  );

  app.get(
    '/cuenta/exportar',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Descargar todos tus datos en un archivo JSON (acceso y portabilidad)',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const data = await exportAccount(app, account.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="mis-datos-${account.nickname}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/cuenta',
    {
      // Each attempt verifies a password: limited like a login.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['derechos'],
        summary: 'Eliminar tu cuenta y tus datos (se pide la contraseña)',
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      await deleteOwnAccount(app, account.id, request.body.pass);
      return { mensaje: msg.accountDeleted };
    },
  );

  app.put(
    '/cuenta/pausa',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Pausar o reactivar tu perfil de escort (oculto en todo el sitio, sin borrar nada)',
        body: pauseSchema,
        response: { 200: messageSchema.extend({ pausado: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      await setPause(app, escort.id, request.body.pausado);
      return {
        mensaje: request.body.pausado ? msg.profilePaused : msg.profileResumed,
        pausado: request.body.pausado,
      };
    },
  );

  app.get(
    '/cuenta/rectificacion',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Tus solicitudes de corrección',
        response: { 200: z.array(rectificationSchema), ...errors },
      },
    },
    async (request) => ownRectifications(app.db, (await requireAccount(request)).id),
  );

  app.post(
    '/cuenta/rectificacion',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['derechos'],
        summary: 'Pedir la corrección de un dato que no puedes editar (nombre, fecha de nacimiento, RUT)',
        body: rectificationCreateSchema,
        response: {
          201: messageSchema.extend({ solicitud: rectificationSchema }),
          ...errors,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await requireKind(request, 'client', 'escort');
      const solicitud = await requestRectification(app.db, account.id, request.body);
      return reply.status(201).send({ mensaje: msg.rectificationSent, solicitud });
    },
  );

  app.get(
    '/admin/rectificaciones',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Solicitudes de corrección para la administración (abiertas por defecto)',
        querystring: z.object({ estado: z.enum(['abierta', 'todas']).default('abierta') }),
        response: { 200: z.array(adminRectificationSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return rectificationsForAdmin(app.db, request.query.estado);
    },
  );

  app.put(
    '/admin/rectificaciones/:id',
    {
      schema: {
        tags: ['derechos'],
        summary: 'Resolver (aplica el valor pedido) o rechazar una solicitud de corrección',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: rectificationDecisionSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await decideRectification(app, admin, request.params.id, request.body.estado);
      return {
        mensaje: request.body.estado === 'resuelta' ? msg.rectificationResolved : msg.rectificationRejected,
      };
    },
  );
};
