import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  chatMessageSchema,
  chatPostSchema,
  conversationSchema,
  meetingIdParam,
  meetingSummarySchema,
  myMeetingsSchema,
} from '@encanto/core/meetings';
import { depsOf } from '../../deps.ts';
import { sha256 } from '../../lib/tokens.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { postMessage, readConversation } from './chat.ts';
import { meetingSummary, myMeetings } from './my-meetings.ts';

const tags = ['citas'];

/** /api/citas: the caller's meetings ("Mis citas" / "Solicitudes"), the badge, and each meeting's conversation. */
export const citasRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/citas/mias',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Las citas de quien llama (cliente o escort), con lo que puede hacer en cada una',
        response: { 200: myMeetingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ citas: await myMeetings(deps, await requireAccount(request)) }),
  );

  app.get(
    '/citas/resumen',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Contador del menú: solicitudes o propuestas por responder y citas con mensajes sin leer',
        response: { 200: meetingSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => meetingSummary(deps, await requireAccount(request)),
  );

  app.get(
    '/citas/:id/mensajes',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'La conversación de una cita aceptada (solo sus dos miembros); leerla la marca como leída',
        params: meetingIdParam,
        response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readConversation(deps, await requireAccount(request), request.params.id),
  );

  app.post(
    '/citas/:id/mensajes',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Escribe en la conversación (hasta 7 días después de la cita; 1-1000 caracteres)',
        params: meetingIdParam,
        body: chatPostSchema,
        response: { 201: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: {
        // Per session, not per IP: many phones share one carrier address.
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request) => `chat:${sha256(request.sessionToken() ?? request.ip)}`,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await postMessage(deps, await requireAccount(request), request.params.id, request.body.texto)),
  );
};
