import { msg } from '@encanto/core/messages';
import { ApiError, errorText, isOffline } from '../../lib/api-client.ts';
import type { AccountType } from './api/availability.ts';
import { IncompleteDataError, WrongProfileTypeError } from './api/login.ts';

/**
 * The spec's wording for each failure of the account screens (section 8), kept
 * apart from the components so every branch is tested.
 */
const throttled = (err: unknown) =>
  err instanceof ApiError && (err.status === 429 || err.status === 400) && err.mensaje !== '';

export function loginFailureText(type: AccountType, err: unknown): string {
  // No answer is not a wrong password (decision 0150).
  if (isOffline(err)) return msg.offline;
  if (err instanceof IncompleteDataError) return msg.incompleteData;
  if (throttled(err)) return (err as ApiError).mensaje;
  // A wrong password is told in the spec's words on both screens (decision 0140).
  if (err instanceof ApiError && err.code === 'BAD_CREDENTIALS') return msg.badCredentials;
  if (type === 'cliente')
    return err instanceof ApiError && err.code === 'EMAIL_NOT_FOUND'
      ? msg.emailNotFound
      : msg.clientLoginFailed;
  return msg.badCredentials;
}

export function adminLoginFailureText(err: unknown): string {
  if (err instanceof WrongProfileTypeError) return msg.wrongProfileType;
  if (err instanceof IncompleteDataError) return msg.incompleteData;
  if (err instanceof ApiError && err.status === 429) return err.mensaje;
  return msg.adminBadCredentials;
}

/** 409 and rule failures carry the server's text; no text is 'Error al registrar usuario.'; no answer is a request error. */
export function registerFailureText(err: unknown): string {
  if (isOffline(err)) return msg.offline;
  if (!(err instanceof ApiError) || err.status === 0) return msg.registerRequestError;
  return errorText(err, msg.registerError);
}

export function forgotFailureText(type: AccountType, err: unknown): string {
  const server = errorText(err, '');
  if (type === 'usuario')
    return server === msg.escortEmailNotFound ? msg.emailNotRegistered : server || msg.recoverError;
  return server || msg.genericRetry;
}

export function recoverFailureText(type: AccountType, err: unknown): string {
  const fallback = type === 'cliente' ? msg.setPasswordClientError : msg.passwordUpdateError;
  return errorText(err, fallback);
}
