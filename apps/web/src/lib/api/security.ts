import type { PasskeyInfo, SessionInfo, TotpEnrolment, TwoFactorStatus } from '@encanto/core/two-factor';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

/** Two-step login, passkeys and active sessions of the signed-in account (decisions 0078, 0081 and 0096). */
export const useTwoFactorStatus = (enabled = true) =>
  useApiQuery<TwoFactorStatus>(enabled ? '/cuenta/2fa' : null, { staleTime: 0 });
export const useSessions = (enabled = true) =>
  useApiQuery<SessionInfo[]>(enabled ? '/cuenta/sesiones' : null, { staleTime: 0 });
export const usePasskeys = (enabled = true) =>
  useApiQuery<PasskeyInfo[]>(enabled ? '/cuenta/passkeys' : null, { staleTime: 0 });

/** The proof a factor change asks for when the session gave none in the last 5 minutes. */
export const reauthenticate = (pass: string) =>
  api<{ mensaje: string; valido_hasta: string }>('/cuenta/reautenticar', { method: 'POST', body: { pass } });

export const startTotp = () => api<TotpEnrolment>('/cuenta/2fa/totp', { method: 'POST' });
export const confirmTotp = (codigo: string) =>
  api<{ codigos_recuperacion: string[] }>('/cuenta/2fa/totp/confirmar', { method: 'POST', body: { codigo } });
export const renewRecoveryCodes = () =>
  api<{ codigos_recuperacion: string[] }>('/cuenta/2fa/codigos', { method: 'POST' });
export const disableTotp = (pass: string, codigo: string) =>
  api<void>('/cuenta/2fa', { method: 'DELETE', body: { pass, codigo } });

export const endSession = (id: string) => api<void>(`/cuenta/sesiones/${id}`, { method: 'DELETE' });
export const endOtherSessions = () => api<void>('/cuenta/sesiones', { method: 'DELETE' });

/** Creates a passkey in the browser (its own dialog) and registers it; the updated list. */
export async function addPasskey(): Promise<PasskeyInfo[]> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/cuenta/passkeys/opciones', {
    method: 'POST',
  });
  const respuesta = await startRegistration({ optionsJSON });
  return api<PasskeyInfo[]>('/cuenta/passkeys', { method: 'POST', body: { respuesta } });
}
export const deletePasskey = (id: string) => api<void>(`/cuenta/passkeys/${id}`, { method: 'DELETE' });
