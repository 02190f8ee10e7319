import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { requestPath } from '../lib/request-path.ts';

/** Public reads served from memory at high rates: health checks, listings, cards, static files. */
const HOT = /^\/(?:api\/(?:health|ready|ultimos|usuario\/ciudad\/|usuario\/publico\/)|assets\/|media\/)/;
const SLOW_MS = 500;

const isHot = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && HOT.test(requestPath(request));

/**
 * Request logging without the two info lines per hot public read: at 50
 * connections they were about 8% of a cached listing's CPU (pino serialising
 * and a synchronous write each). Such a read is still logged when it fails
 * (status >= 400 or an error) or is slow; every other request is logged as
 * Fastify does by default. The reverse proxy's access log keeps the counts.
 */
export class QuietHotReadsLog extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isHot(request)) return;
    super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!error && reply.statusCode < 400 && reply.elapsedTime < SLOW_MS && isHot(request)) return;
    super.requestCompleted(error, request, reply, metadata);
  }
}
