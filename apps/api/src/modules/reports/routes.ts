import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  messageSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportSchema,
} from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import {
  createReport,
  dismissReport,
  reinstateFromReport,
  reportsForAdmin,
  suspendFromReport,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Reports ('Denunciar perfil'): anyone may file one; admins list and decide them. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/denuncias',
    {
      // Per IP, so a visitor cannot flood the panel or hide profiles in bulk.
      // A possible minor puts the profile on hold at once, hidden from every public read.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' }, ...publicWrite },
      schema: {
        tags: ['denuncias'],
        summary: 'Denunciar un perfil (un posible menor de edad lo oculta de inmediato)',
        body: reportCreateSchema,
        response: { 201: messageSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const account = await request.account();
      await createReport(app.db, request.body, account?.id ?? null);
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
      await dismissReport(app.db, admin, request.params.id);
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
        summary: 'Suspender el perfil denunciado (oculto hasta reincorporarlo)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await suspendFromReport(app.db, admin, request.params.id);
      return { mensaje: msg.profileSuspended };
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
      await reinstateFromReport(app.db, admin, request.params.id);
      return { mensaje: msg.profileReinstated };
    },
  );
};
