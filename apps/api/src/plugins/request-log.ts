import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { matchPage } from '@encanto/core/paths';
import { requestPath } from '../lib/request-path.ts';

/**
 * The route a request is counted under: the API route's pattern, the page's pattern from the path table
 * (pages are answered by the not-found handler, which has none), or `(none)`. A pattern, never the URL:
 * reset and unsubscribe links carry their token in the path or the query.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return matchPage(requestPath(request))?.pattern ?? '(none)';
}

/**
 * One line per request, written when it completes (decision 0152): method, route pattern, status and
 * duration, with the request id pino binds to every line of the request. Fastify's default was two lines
 * (an incoming line with the URL, a completed one), each serialising the request or reply object; the
 * second line's cost on a cached listing was about 4% of its CPU. No headers, so no cookie or token.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // A server error's stack is logged once by the error handler (plugins/error-handler.ts); the line says
    // at error level that the request failed. An error after the answer started comes only here.
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else if (line.status >= 500) reply.log.error(line, 'request');
    else reply.log.info(line, 'request');
  }
}
