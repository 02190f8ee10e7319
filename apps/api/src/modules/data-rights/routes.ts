import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
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
import { depsOf } from '../../deps.ts';
import { clearSessionCookie } from '../../plugins/session-cookie.ts';
import { requireAccount, requireAdmin, requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { PasswordGuard } from '../accounts/service.ts';
import { deleteOwnAccount } from './deletion.ts';
import { exportAccount } from './export.ts';
import { exportPage } from './export-page.ts';
import {
  decideRectification,
  ownRectifications,
  rectificationsForAdmin,
  requestRectification,
} from './rectification.ts';
import { startRetentionJob } from './retention.ts';
import { myData, setPause } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Ley 21.719 rights over one's own data (access and portability, rectification,
 * deletion, blocking by pause). Reports and client blocking live in their own
 * modules (registered in app.ts).
 */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const passwordGuard = new PasswordGuard(app.services.counters, app.services.clock);
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
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Estado de tus datos: documento, pausa, solicitudes, bloqueos',
        response: { 200: myDataSchema, ...errors },
      },
    },
    async (request) => myData(deps, await requireAccount(request)),
  );

  app.get(
    '/cuenta/exportar',
    {
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Descargar todos tus datos en un archivo JSON (acceso y portabilidad)',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const now = deps.clock.now();
      const data = await exportAccount(deps, account.id, now);
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="mis-datos-${account.nickname}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.get(
    '/cuenta/exportar/pagina',
    {
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Descargar todos tus datos como una página para leer (el mismo contenido que el JSON)',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const now = deps.clock.now();
      const data = await exportAccount(deps, account.id, now);
      const day = now.toISOString().slice(0, 10);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="mis-datos-${account.nickname}-${day}.html"`)
        .header('cache-control', 'no-store')
        .send(exportPage(data, account.nickname));
    },
  );

  app.delete(
    '/cuenta',
    {
      // Each attempt verifies a password: limited per IP, and wrong passwords draw on the login budget of
      // the account. An escort's card, listings and pages go at once.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' }, ...publicWrite },
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Eliminar tu cuenta y tus datos (se pide la contraseña)',
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      await passwordGuard.attempt(request.ip, account.email, () =>
        deleteOwnAccount(deps, account.id, request.body.pass),
      );
      clearSessionCookie(request, reply);
      return { mensaje: msg.accountDeleted };
    },
  );

  app.put(
    '/cuenta/pausa',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Pausar o reactivar tu perfil de escort (oculto en todo el sitio, sin borrar nada)',
        body: pauseSchema,
        response: { 200: messageSchema.extend({ pausado: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      await setPause(app.db, escort.id, request.body.pausado, deps.clock.now());
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
        security: sessionSecurity,
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
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Pedir la corrección de un dato que no puedes editar (nombre, fecha de nacimiento, RUT)',
        body: rectificationCreateSchema,
        response: {
          201: messageSchema.extend({ solicitud: rectificationSchema }),
          ...errors,
          ...errorResponses(429),
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
        security: sessionSecurity,
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
      // A corrected birth date changes the age on an escort's public card.
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['derechos'],
        summary: 'Resolver (aplica el valor pedido) o rechazar una solicitud de corrección',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: rectificationDecisionSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await decideRectification(app.db, admin, request.params.id, request.body.estado, deps.clock.now());
      return {
        mensaje: request.body.estado === 'resuelta' ? msg.rectificationResolved : msg.rectificationRejected,
      };
    },
  );
};
