import { msg } from '@encanto/core/messages';

/** The one error type services throw: a code, its HTTP status and the Spanish text users read. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly mensaje: string;
  readonly fields: Record<string, string> | undefined;
  /** Seconds until a refused try may succeed: sent as `Retry-After` (429 answers). */
  retryAfterSec: number | undefined;

  constructor(status: number, code: string, mensaje: string, fields?: Record<string, string>) {
    super(mensaje);
    this.status = status;
    this.code = code;
    this.mensaje = mensaje;
    this.fields = fields;
  }
}

export const badRequest = (
  mensaje: string = msg.invalidInput,
  fields?: Record<string, string>,
  code = 'BAD_REQUEST',
) => new AppError(400, code, mensaje, fields);
export const unauthorized = (mensaje: string = msg.sessionRequired, code = 'UNAUTHORIZED') =>
  new AppError(401, code, mensaje);
export const forbidden = (mensaje: string = msg.forbidden, code = 'FORBIDDEN') =>
  new AppError(403, code, mensaje);
export const notFound = (mensaje: string = msg.notFound, code = 'NOT_FOUND') =>
  new AppError(404, code, mensaje);
export const conflict = (mensaje: string, code = 'CONFLICT') => new AppError(409, code, mensaje);
export const tooLarge = (mensaje: string = msg.payloadTooLarge) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', mensaje);
export const unsupportedType = (mensaje: string = msg.unsupportedType) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', mensaje);
export const rateLimited = (
  mensaje: string = msg.rateLimited,
  code = 'RATE_LIMITED',
  retryAfterMs?: number,
) => {
  const err = new AppError(429, code, mensaje);
  if (retryAfterMs !== undefined) err.retryAfterSec = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return err;
};

/** PostgreSQL unique violation, raised by the constraints that guard duplicates. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return constraint === undefined || e.constraint === constraint;
  return e?.cause !== undefined && isUniqueViolation(e.cause, constraint);
}

/** Errors that mean the database is unreachable rather than the request being wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown; message?: string };
  if (!e) return false;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
    '08001',
    '08004',
  ];
  if (e.code && codes.includes(e.code)) return true;
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      e.message,
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}
