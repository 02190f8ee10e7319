import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '@encanto/core/messages';
import { AppError, isDatabaseUnavailable } from '../errors.ts';

interface ZodIssueLike {
  message: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Status codes Fastify itself raises, with the Spanish text the client shows. */
const fastifyStatusText: Record<number, string> = {
  400: msg.invalidInput,
  404: msg.notFound,
  406: msg.invalidInput,
  413: msg.payloadTooLarge,
  415: msg.unsupportedType,
  429: msg.rateLimited,
};

/** One error handler: every failure becomes { mensaje, code } with the right status, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSec !== undefined) void reply.header('retry-after', String(err.retryAfterSec));
      return reply
        .status(err.status)
        .send({ mensaje: err.mensaje, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation as unknown as ZodIssueLike[]) {
        const key = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] ??= issue.message;
      }
      const first = Object.values(fields)[0] ?? msg.invalidInput;
      return reply.status(400).send({ mensaje: first, code: 'VALIDATION', fields });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ mensaje: msg.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ mensaje: fastifyStatusText[status] ?? msg.invalidInput, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ mensaje: msg.internal, code: 'INTERNAL' });
  });
}
