import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { depsOf } from '../../deps.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { createLiveStreams } from './streams.ts';

/** Ids the hub hands out (lib/live-events.ts): origin, a dot, a base-36 sequence. */
const eventId = /^[0-9a-f]{8}\.[0-9a-z]{1,13}$/;

/** Whether the caller asked for an event stream (EventSource always sends this Accept). */
const wantsEventStream = (accept: string | undefined) =>
  /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');

/**
 * GET /api/eventos: one Server-Sent Events stream per signed-in tab (decision 0158), carrying new
 * messages, meeting state changes and the badge count, so pages stop polling. Authenticated by the
 * session cookie EventSource sends (or a bearer token); clients and escorts only, as the meetings.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const streams = createLiveStreams(deps);
  // Before the server waits for its connections: an open stream never ends by itself.
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    '/eventos',
    {
      schema: {
        security: sessionSecurity,
        tags: ['eventos'],
        summary:
          'Avisos en vivo (Server-Sent Events): mensajes nuevos, cambios de estado de las citas y el contador; reanuda con Last-Event-ID',
        headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
        response: {
          200: z
            .string()
            .describe('text/event-stream: eventos mensaje, cita, leida, contador, sincronizar, fin'),
          ...errorResponses(400, 401, 403, 406),
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      if (account.kind === 'admin') throw forbidden();
      if (!wantsEventStream(request.headers.accept))
        throw new AppError(406, 'NOT_ACCEPTABLE', msg.liveStreamOnly);
      const lastId = request.headers['last-event-id'];
      if (lastId !== undefined && !eventId.test(lastId)) throw badRequest(msg.liveStreamBadId);
      const body = streams.open(account, request.sessionToken() ?? '', lastId);
      request.raw.once('close', () => body.destroy());
      // No proxy buffering (nginx honours X-Accel-Buffering); compression skips streams (plugins/compression.ts).
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('x-accel-buffering', 'no')
          // A stream is piped as it is, past the response serialiser; the 200 schema documents its text.
          .send(body as unknown as string)
      );
    },
  );
};
