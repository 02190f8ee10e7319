import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { meetingPairSchema, type MeetingPair } from '@encanto/core/marketplace';
import type { Db } from '../../db/client.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { acceptRequest, closeMeeting, rejectRequest, resolvePair, type Pair, type Side } from './service.ts';
import { meetingState, openMeetingExists } from './views.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = errorResponses(401, 403, 404, 409);
export const mensaje = z.object({ mensaje: z.string() });
export const ok = z.object({ ok: z.literal(true) });
export const BOTH: readonly Side[] = ['client', 'escort'];
export const CLIENT: readonly Side[] = ['client'];
export const ESCORT: readonly Side[] = ['escort'];

/** Acts the spec reaches by more than one path (the two services name the same transitions). */
export function sharedAnswers(db: Db) {
  return {
    close: async (pair: Pair) => {
      await closeMeeting(db, pair);
      return { mensaje: msg.conversationClosed };
    },
    reject: async (pair: Pair) => {
      await rejectRequest(db, pair);
      return { mensaje: msg.conversationRejected };
    },
    acceptOrRefresh: (pair: Pair) => acceptRequest(db, pair, { orCurrent: true }),
    commented: async (pair: Pair) => ({ comentado: (await meetingState(db, pair)).comentado }),
    click: async (pair: Pair) => ({ click: (await meetingState(db, pair)).click }),
    exists: async (pair: Pair) => ({ existe: await openMeetingExists(db, pair) }),
  };
}

export interface PairRouteOptions<R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  summary: string;
  /** The sides that may call; the other side gets 403. */
  allowed: readonly Side[];
  response: R;
  /** 200 unless the call creates something (201). */
  status?: 200 | 201;
  run: (pair: Pair) => Promise<z.output<R>>;
}

/**
 * One route whose input is the pair's two nicknames, in the query (GET) or the
 * body (POST, PUT). The caller comes from the session and must be the pair's
 * side of an allowed kind (resolvePair) before `run` sees the pair.
 *
 * The zod schemas still validate the input and serialise the answer; the route
 * is declared through the default type provider because a response schema
 * chosen per call cannot be checked there: `run`'s type ties the answer to it.
 */
export function pairRoute<R extends z.ZodType>(app: ZodApp, options: PairRouteOptions<R>): void {
  const { method, url, summary, allowed, response, run } = options;
  const status = options.status ?? 200;
  const schema = {
    security: sessionSecurity,
    tags: [url.split('/')[1] ?? 'citas'],
    summary,
    response: { [status]: response, ...errors },
  };
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const answer = async (request: Parameters<typeof requireAccount>[0], input: MeetingPair) =>
    run(await resolvePair(app.db, await requireAccount(request), input, allowed));
  if (method === 'GET') {
    routes.route<{ Querystring: MeetingPair }>({
      method,
      url,
      schema: { ...schema, querystring: meetingPairSchema },
      handler: async (request, reply) => reply.status(status).send(await answer(request, request.query)),
    });
  } else {
    routes.route<{ Body: MeetingPair }>({
      method,
      url,
      schema: { ...schema, body: meetingPairSchema },
      handler: async (request, reply) => reply.status(status).send(await answer(request, request.body)),
    });
  }
}
