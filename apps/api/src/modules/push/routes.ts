import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  pushPrefsSchema,
  pushPrefsUpdateSchema,
  pushSubscriptionInfoSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@encanto/core/push';
import { depsOf } from '../../deps.ts';
import { sha256 } from '../../lib/tokens.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import {
  changePushPreferences,
  pushPreferencesOf,
  subscribe,
  subscriptionsList,
  unsubscribe,
  vapidPublicKey,
} from './service.ts';

const tags = ['avisos'];

/** Web Push: the public key, a device's subscription, and which notices go by push (decisions 0168, 0169). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/push/clave-publica',
    {
      schema: {
        tags,
        summary: 'Clave pública VAPID con la que el navegador se suscribe a los avisos',
        response: { 200: z.object({ clave: z.string() }) },
      },
    },
    async () => ({ clave: vapidPublicKey(deps) }),
  );

  app.get(
    '/push/suscripciones',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Dispositivos de la cuenta que reciben avisos (uno por sesión)',
        response: { 200: z.array(pushSubscriptionInfoSchema), ...errorResponses(401) },
      },
    },
    async (request) => subscriptionsList(app.db, (await requireAccount(request)).id),
  );

  app.post(
    '/push/suscripciones',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Activa los avisos en este dispositivo (la suscripción Web Push del navegador)',
        body: pushSubscriptionSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses(400, 401) },
      },
      config: {
        // Per session, not per address: many phones share one carrier address. A browser subscribes once
        // per visit at most; 20 a minute is only reached by a script.
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (request) => `push:${sha256(request.sessionToken() ?? request.ip)}`,
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      return reply.status(201).send(await subscribe(deps, account, request.body));
    },
  );

  app.delete(
    '/push/suscripciones',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Desactiva los avisos de este dispositivo (por su endpoint)',
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await unsubscribe(app.db, (await requireAccount(request)).id, { endpoint: request.body.endpoint });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/suscripciones/:id',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Quita los avisos de un dispositivo de la cuenta (desde Sesiones activas)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      // Another account's id answers as a missing one: ids cannot be probed.
      await unsubscribe(app.db, (await requireAccount(request)).id, { id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/cuenta/notificaciones/push',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Qué avisos llegan al teléfono y si muestran detalles',
        response: { 200: pushPrefsSchema, ...errorResponses(401) },
      },
    },
    async (request) => pushPreferencesOf(app.db, (await requireAccount(request)).id),
  );

  app.put(
    '/cuenta/notificaciones/push',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Activa o desactiva tipos de aviso al teléfono, o sus detalles (los no enviados quedan igual)',
        body: pushPrefsUpdateSchema,
        response: { 200: pushPrefsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => changePushPreferences(deps, (await requireAccount(request)).id, request.body),
  );
};
