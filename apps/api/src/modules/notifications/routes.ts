import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  notificationKindValues,
  notificationPrefsSchema,
  notificationPrefsUpdateSchema,
  unsubscribeQuerySchema,
  visitCityBodySchema,
  visitCitySchema,
} from '@encanto/core/notifications';
import { depsOf } from '../../deps.ts';
import { requireAccount, requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { changePreferences, changeVisitCity, preferencesOf, unsubscribe, visitCity } from './service.ts';

const tags = ['notificaciones'];

/** /api/cuenta/notificaciones: which mails an account gets, and the one-click unsubscribe. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  // Mail clients send RFC 8058's one-click POST as a form ("List-Unsubscribe=One-Click"); the token
  // is in the URL, so the body is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, { form: String(body).slice(0, 200) }),
  );

  app.get(
    '/cuenta/notificaciones',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Avisos por correo que recibe la cuenta con sesión',
        response: { 200: notificationPrefsSchema, ...errorResponses(401) },
      },
    },
    async (request) => preferencesOf(app.db, (await requireAccount(request)).id),
  );

  app.put(
    '/cuenta/notificaciones',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Activa o desactiva tipos de aviso (los no enviados quedan igual)',
        body: notificationPrefsUpdateSchema,
        response: { 200: notificationPrefsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => changePreferences(deps, (await requireAccount(request)).id, request.body),
  );

  app.get(
    '/cuenta/notificaciones/ciudad-visitas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Comuna de la que el cliente recibe avisos de visitas de sus favoritas (null: la suya)',
        response: { 200: visitCitySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const client = await requireKind(request, 'client');
      return visitCity(app.db, client.id);
    },
  );

  app.put(
    '/cuenta/notificaciones/ciudad-visitas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Elige la comuna de los avisos de visitas (null vuelve a la de la cuenta)',
        body: visitCityBodySchema,
        response: { 200: visitCitySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const client = await requireKind(request, 'client');
      return changeVisitCity(deps, client.id, request.body.ciudad);
    },
  );

  app.post(
    '/cuenta/notificaciones/baja',
    {
      schema: {
        tags,
        summary: 'Baja con un clic desde el correo (token firmado, sin sesión; RFC 8058)',
        querystring: unsubscribeQuerySchema,
        body: z.unknown().optional(),
        response: {
          200: z.object({ tipo: z.enum(notificationKindValues), mensaje: z.string() }),
          ...errorResponses(400),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const { kind, mensaje } = await unsubscribe(deps, request.query.t);
      return { tipo: kind, mensaje };
    },
  );
};
