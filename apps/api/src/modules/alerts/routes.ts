import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertAnswerSchema,
  alertCreateSchema,
  alertIdParam,
  alertSettingsSchema,
  myAlertsSchema,
} from '@encanto/core/alerts';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { alertSettingsOf, answerAlert, fileAlert, myAlerts, setAlertSettings } from './service.ts';

const tags = ['alertas'];

/**
 * Safety alerts between providers (decision 0171): an escort files one on a meeting, chooses whether to
 * refuse clients with a confirmed alert; a client reads the alerts about him and answers once. Nothing
 * here is public, so no route clears the public cache.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.post(
    '/alertas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Una escort alerta sobre el cliente de una de sus citas aceptadas (una por cita)',
        body: alertCreateSchema,
        response: {
          201: z.object({ id: z.string(), mensaje: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const escort = await requireKind(request, 'escort');
      const id = await fileAlert(deps, escort, request.body);
      return reply.status(201).send({ id, mensaje: msg.alertFiled });
    },
  );

  app.get(
    '/cuenta/seguridad',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Si la escort rechaza las solicitudes de clientes con una alerta confirmada',
        response: { 200: alertSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => alertSettingsOf(app.db, (await requireKind(request, 'escort')).id),
  );

  app.put(
    '/cuenta/seguridad',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Rechazar (o no) las solicitudes de clientes con una alerta de seguridad confirmada',
        body: alertSettingsSchema,
        response: {
          200: alertSettingsSchema.extend({ mensaje: z.string() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      const saved = await setAlertSettings(deps, escort.id, request.body.rechazar_con_alertas);
      return { ...saved, mensaje: msg.alertSettingsSaved };
    },
  );

  app.get(
    '/cuenta/alertas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Las alertas confirmadas sobre el cliente: categoría, mes, estado y su descargo (nunca quién)',
        response: { 200: myAlertsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ alertas: await myAlerts(deps, (await requireKind(request, 'client')).id) }),
  );

  app.post(
    '/cuenta/alertas/:id/descargo',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'El cliente responde una vez a una alerta confirmada; la administración lo lee',
        params: alertIdParam,
        body: alertAnswerSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const client = await requireKind(request, 'client');
      await answerAlert(deps, client.id, request.params.id, request.body.texto);
      return { mensaje: msg.alertAnswerDone };
    },
  );
};
