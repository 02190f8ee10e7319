import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { acceptResultSchema, meetingPairSchema, type MeetingPair } from '@encanto/core/marketplace';
import type { RejectBody } from '@encanto/core/meetings';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { resolvePair, type Pair, type Side } from './service.ts';
import { acceptRequest, closeMeeting, rejectRequest, type MeetingDeps } from './transitions.ts';
import { meetingState, openMeetingExists } from './views.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = errorResponses(400, 401, 403, 404, 409);
export const mensaje = z.object({ mensaje: z.string() });
export const ok = z.object({ ok: z.literal(true) });
/** An answer that names the meeting it acted on (its page in "Mis citas"). */
export const mensajeCita = z.object({ mensaje: z.string(), cita: z.string() });
export const acceptAnswer = acceptResultSchema.extend({ cita: z.string() });
export const BOTH: readonly Side[] = ['client', 'escort'];
export const CLIENT: readonly Side[] = ['client'];
export const ESCORT: readonly Side[] = ['escort'];

/** Acts the spec reaches by more than one path (the two services name the same transitions). */
export function sharedAnswers(deps: MeetingDeps) {
  return {
    close: async (pair: Pair) => {
      await closeMeeting(deps, pair);
      return { mensaje: msg.conversationClosed };
    },
    reject: async (pair: Pair, body: RejectBody) => {
      await rejectRequest(deps, pair, body.motivo);
      return { mensaje: msg.conversationRejected };
    },
    acceptOrRefresh: (pair: Pair) => acceptRequest(deps, pair, { orCurrent: true }),
    commented: async (pair: Pair) => ({ comentado: (await meetingState(deps, pair)).comentado }),
    click: async (pair: Pair) => ({ click: (await meetingState(deps, pair)).click }),
    exists: async (pair: Pair) => ({ existe: await openMeetingExists(deps, pair) }),
  };
}

export interface PairRouteOptions<R extends z.ZodType, B extends z.ZodType<MeetingPair>> {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  summary: string;
  /** The sides that may call; the other side gets 403. */
  allowed: readonly Side[];
  response: R;
  /** The input: the pair (default) or the pair plus a call's own fields. */
  input?: B;
  /** 200 unless the call creates something (201). */
  status?: 200 | 201;
  /**
   * A read of the pair's state (is there a request, may he comment, …): a hidden profile answers as a
   * missing one, so no one can list which nicknames are hidden profiles, and it is rate limited
   * (`app.stateReadLimit`: per session, or on the shared lookup counters without one).
   */
  lookup?: true;
  run: (pair: Pair, input: z.output<B>) => Promise<z.output<R>>;
}

/**
 * One route whose input names the pair's two nicknames, in the query (GET) or
 * the body (POST, PUT). The caller comes from the session and must be the
 * pair's side of an allowed kind (resolvePair) before `run` sees the pair.
 *
 * The zod schemas still validate the input and serialise the answer; the route
 * is declared through the default type provider because a response schema
 * chosen per call cannot be checked there: `run`'s type ties the answer to it.
 */
export function pairRoute<R extends z.ZodType, B extends z.ZodType<MeetingPair> = typeof meetingPairSchema>(
  app: ZodApp,
  options: PairRouteOptions<R, B>,
): void {
  const { method, url, summary, allowed, response, run, lookup } = options;
  const input = options.input ?? meetingPairSchema;
  const status = options.status ?? 200;
  const schema = {
    security: sessionSecurity,
    tags: [url.split('/')[1] ?? 'citas'],
    summary,
    response: { [status]: response, ...errors },
  };
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const answer = async (request: Parameters<typeof requireAccount>[0], body: z.output<B>) =>
    run(
      await resolvePair(app.db, await requireAccount(request), body, allowed, {
        hiddenAsMissing: lookup === true,
      }),
      body,
    );
  const limit = lookup ? { onRequest: app.stateReadLimit } : {};
  if (method === 'GET') {
    routes.route<{ Querystring: z.output<B> }>({
      method,
      url,
      ...limit,
      schema: { ...schema, querystring: input },
      handler: async (request, reply) =>
        reply.status(status).send(await answer(request, request.query as z.output<B>)),
    });
  } else {
    routes.route<{ Body: z.output<B> }>({
      method,
      url,
      ...limit,
      schema: { ...schema, body: input },
      handler: async (request, reply) =>
        reply.status(status).send(await answer(request, request.body as z.output<B>)),
    });
  }
}
