import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  adminProfileSchema,
  messageSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportSchema,
  suspensionSchema,
} from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { depsOf } from '../../deps.ts';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { adminProfileView } from './admin-profile.ts';
import {
  createReport,
  dismissReport,
  eraseExpiredReporterMarks,
  reinstateFromReport,
  reportsForAdmin,
  suspendFromReport,
  undoSuspension,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Reports ('Denunciar perfil'): anyone may file one; admins list and decide them. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  startReporterMarkErasure(app);
  app.post(
    '/denuncias',
    {
      // Per IP, so a visitor cannot flood the panel. A possible minor reported by an admin, or by an
      // approved client she accepted a meeting with, puts the profile on hold, hidden from every public read.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' }, ...publicWrite },
      schema: {
        tags: ['denuncias'],
        summary:
          'Denunciar un perfil (posible menor: lo oculta antes de la revisión solo si denuncia la administración o un cliente verificado que tuvo una cita aceptada con ella; si no, es urgente y se avisa por correo a la administración)',
        body: reportCreateSchema,
        response: { 201: messageSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await createReport(deps, request.body, { account: await request.account(), ip: request.ip });
      return reply.status(201).send({ mensaje: msg.reportSent });
    },
  );

  app.get(
    '/denuncias',
    {
      schema: {
        security: sessionSecurity,
        tags: ['denuncias'],
        summary: 'Denuncias para la administración (abiertas por defecto)',
        querystring: reportListQuerySchema,
        response: { 200: z.array(reportSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return reportsForAdmin(app.db, request.query.estado);
    },
  );

  app.get(
    '/admin/perfil/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['denuncias'],
        summary:
          'Perfil de una escort visto por la administración: datos para compararlos con el documento (edad incluida), si está oculto y por qué, y sus denuncias',
        params: z.object({ nickname: z.string().min(1).max(60) }),
        response: { 200: adminProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return adminProfileView(app.db, request.params.nickname, deps.clock.now());
    },
  );

  app.put(
    '/denuncias/:id/descartar',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['denuncias'],
        summary: 'Descartar una denuncia',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await dismissReport(app.db, admin, request.params.id, deps.clock.now());
      return { mensaje: msg.reportDismissed };
    },
  );

  app.put(
    '/denuncias/:id/suspender',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['denuncias'],
        summary:
          'Suspender el perfil denunciado con un motivo (oculto hasta reincorporarlo; se avisa a la escort por correo)',
        params: idParams,
        body: suspensionSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await suspendFromReport(deps, admin, request.params.id, request.body.motivo, deps.clock.now());
      return { mensaje: msg.profileSuspended };
    },
  );

  app.post(
    '/admin/auditoria/:id/deshacer',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['administración'],
        summary: 'Deshacer desde el registro una suspensión de perfil que sigue vigente',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await undoSuspension(app.db, admin, request.params.id, deps.clock.now());
      return { mensaje: msg.suspensionUndone };
    },
  );

  app.put(
    '/denuncias/:id/reincorporar',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['denuncias'],
        summary: 'Reincorporar el perfil de una denuncia',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await reinstateFromReport(app.db, admin, request.params.id, deps.clock.now());
      return { mensaje: msg.profileReinstated };
    },
  );
};

/** Reporter marks live 24 h: erased on every new report, and hourly when none arrives. */
function startReporterMarkErasure(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const timer = setInterval(
    () => {
      eraseExpiredReporterMarks(app.db, app.services.clock.now()).catch((err: unknown) =>
        app.log.warn({ err }, 'reporter mark erasure failed; retrying in an hour'),
      );
    },
    60 * 60 * 1000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
