import { ApiError, api } from '../../../lib/api-client.ts';
import type { AccountType } from './availability.ts';

export function requestRecovery(type: AccountType, email: string) {
  return api<{ mensaje: string }>(`/${type}/recuperar-pass`, {
    method: 'POST',
    body: { email },
  });
}

export function setNewPassword(
  type: AccountType,
  body: { email: string; codigoProvisorio: string; nuevaPass: string; token?: string },
) {
  return api<{ mensaje: string }>(`/${type}/nueva-pass`, { method: 'PUT', body });
}

export function emailForResetLink(type: AccountType, token: string) {
  return api<{ email: string }>(`/${type}/resetear-pass/${encodeURIComponent(token)}`);
}

/** The client forgot screen first checks that the e-mail belongs to a client. */
export async function clientEmailRegistered(email: string): Promise<boolean> {
  try {
    await api(`/cliente/buscar/email?BuscaEmail=${encodeURIComponent(email)}`);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}
