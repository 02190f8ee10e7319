import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import {
  checkinCreateSchema,
  checkinSchema,
  contactConfirmSchema,
  contactRefusalQuerySchema,
} from '@encanto/core/safety';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import {
  closeCheckin,
  confirmTrustedContact,
  ownCheckins,
  refuseContactMail,
  startCheckin,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The safety check-in: she sets a deadline; if she does not say "Estoy bien", her contact is mailed (decision 0085). */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const tags = ['seguridad'];
  // Mail clients send RFC 8058's one-click POST as a form ("List-Unsubscribe=One-Click"); the token
  // is in the URL, so the body is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, { form: String(body).slice(0, 200) }),
  );

  app.post(
    '/usuario/seguridad/checkin',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Inicia un aviso de seguridad (solo escorts autorizadas; vence entre 15 min y 12 h; hasta 10 al día); invita al contacto la primera vez (hasta 3 contactos nuevos al día; un correo recibe hasta 10 avisos al día)',
        body: checkinCreateSchema,
        response: { 201: checkinSchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const caller = await requireKind(request, 'escort');
      return reply.status(201).send(await startCheckin(deps, caller, request.body));
    },
  );

  app.get(
    '/usuario/seguridad/checkin',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Mis avisos de seguridad, del más nuevo al más antiguo',
        response: { 200: z.array(checkinSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireKind(request, 'escort');
      reply.header('cache-control', 'no-store');
      return ownCheckins(app.db, caller);
    },
  );

  app.post(
    '/usuario/seguridad/checkin/:id/estoy-bien',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Cierra el aviso: estoy bien',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: messageSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const caller = await requireKind(request, 'escort');
      await closeCheckin(deps, caller, request.params.id);
      return { mensaje: msg.checkinClosed };
    },
  );

  app.post(
    '/seguridad/contacto/confirmar',
    {
      schema: {
        tags,
        summary: 'El contacto de confianza acepta serlo (enlace del correo; sin sesión)',
        body: contactConfirmSchema,
        response: { 200: messageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await confirmTrustedContact(deps, request.body.token);
      return { mensaje: msg.contactConfirmed };
    },
  );

  app.post(
    '/seguridad/contacto/baja',
    {
      schema: {
        tags,
        summary:
          'El destinatario de un correo de aviso de seguridad pide no recibir más correos del sitio (enlace firmado, sin sesión; RFC 8058)',
        querystring: contactRefusalQuerySchema,
        body: z.unknown().optional(),
        response: { 200: messageSchema, ...errorResponses(400) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      await refuseContactMail(deps, request.query.t);
      return { mensaje: msg.contactRefusalDone(deps.config.siteName) };
    },
  );
};
