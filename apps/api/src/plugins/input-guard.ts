import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@encanto/core/messages';
import { badRequest } from '../errors.ts';

/**
 * Errors Fastify's router answers by itself, before any hook or the error
 * handler: a path segment that is not valid percent-encoding (400) or longer
 * than maxParamLength (414). Its default body is English and echoes the path;
 * this gives them the one error shape.
 */
export function frameworkErrors(
  error: Error & { code?: string; statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .status(error.statusCode ?? 400)
    .send({ mensaje: msg.invalidInput, code: error.code ?? 'BAD_REQUEST' });
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character: a query with one fails with
 * "invalid byte sequence" (a 500). No field of this API has a use for it, so a
 * request carrying one in its path, query or JSON body is refused up front.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: every request passes here, and a promise per request bought nothing (decision 0152).
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body))
      return done(badRequest(msg.invalidInput));
    done();
  });
}
