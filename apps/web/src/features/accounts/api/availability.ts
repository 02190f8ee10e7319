import { ApiError, api } from '../../../lib/api-client.ts';

export type AccountType = 'cliente' | 'usuario';
export type CheckedField = 'rut' | 'nickname' | 'email';

function path(type: AccountType, field: CheckedField, value: string): string {
  const v = encodeURIComponent(value);
  // The escort e-mail check takes a query parameter; every other check takes the value in the path.
  if (type === 'usuario' && field === 'email') return `/usuario/validar/email?email=${v}`;
  return `/${type}/validar/${field}/${v}`;
}

/**
 * True when the value is taken by any account: 200 means it exists, 404 that it
 * is free. Any other failure counts as free, as the spec's checks return false
 * on error (the server's unique constraint still refuses a duplicate).
 */
export async function isTaken(type: AccountType, field: CheckedField, value: string): Promise<boolean> {
  try {
    await api(path(type, field, value));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    return false;
  }
}
