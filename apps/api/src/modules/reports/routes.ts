import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportSchema,
} from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { requireAdmin } from '../../plugins/auth.ts';
import {
  createReport,
  dismissReport,
  reinstateFromReport,
  reportsForAdmin,
  suspendFromReport,
} from './service.ts';

const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Reports ('Denunciar perfil'): anyone may file one; admins list and decide them. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/denuncias',
    {
      // Per IP, so a visitor cannot flood the panel or hide profiles in bulk.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['denuncias'],
        summary: 'Denunciar un perfil (un posible menor de edad lo oculta de inmediato)',
        body: reportCreateSchema,
        response: { 201: messageSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const account = await request.account();
      await createReport(app, request.body, account?.id ?? null);
      return reply.status(201).send({ mensaje: msg.reportSent });
    },
  );

  app.get(
    '/denuncias',
    {
      schema: {
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
      schema: {
        tags: ['denuncias'],
        summary: 'Descartar una denuncia',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await dismissReport(app, admin, request.params.id);
      return { mensaje: msg.reportDismissed };
    },
  );

  app.put(
    '/denuncias/:id/suspender',
    {
      schema: {
        tags: ['denuncias'],
        summary: 'Suspender el perfil denunciado (oculto hasta reincorporarlo)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await suspendFromReport(app, admin, request.params.id);
      return { mensaje: msg.profileSuspended };
    },
  );

  app.put(
    '/denuncias/:id/reincorporar',
    {
      schema: {
        tags: ['denuncias'],
        summary: 'Reincorporar el perfil de una denuncia',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await reinstateFromReport(app, admin, request.params.id);
      return { mensaje: msg.profileReinstated };
    },
  );
};
