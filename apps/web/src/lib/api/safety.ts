import { useQueryClient } from '@tanstack/react-query';
import type {
  AdminPhotoVerification,
  Checkin,
  CheckinCreate,
  PhotoCode,
  PhotoVerificationState,
  Signal,
} from '@encanto/core/safety';
import type { PhotoHold } from '@encanto/core/photo-holds';
import { api, uploadWithProgress } from '../api-client.ts';
import { apiKey, useApiQuery } from '../query.ts';
import { shrinkImage } from '../shrink-image.ts';

// ---- verified photos ----
export const photoStatePath = '/usuario/verificacion-fotos';
export const usePhotoVerification = (enabled: boolean) =>
  useApiQuery<PhotoVerificationState>(enabled ? photoStatePath : null, { staleTime: 0 });
// A POST: each call issues a new code and voids the one before.
export const issuePhotoCode = () => api<PhotoCode>('/usuario/verificacion-fotos/codigo', { method: 'POST' });

export async function uploadSelfie(codigo: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  // The code goes before the file, so the server has it when the bytes arrive.
  form.append('codigo', codigo);
  // A phone's selfie, resized in the browser (decision 0149).
  form.append('file', await shrinkImage(file));
  return uploadWithProgress<{ id: string; mensaje: string }>(photoStatePath, form, onProgress);
}

export const adminPhotoChecksPath = '/admin/verificaciones-fotos';
export const useAdminPhotoChecks = () =>
  useApiQuery<AdminPhotoVerification[]>(adminPhotoChecksPath, { staleTime: 0 });
export const approvePhotoCheck = (id: string) =>
  api<{ mensaje: string }>(`/admin/verificaciones-fotos/${id}/aprobar`, { method: 'POST' });
export const rejectPhotoCheck = (id: string, motivo: string) =>
  api<{ mensaje: string }>(`/admin/verificaciones-fotos/${id}/rechazar`, {
    method: 'POST',
    body: { motivo },
  });

// ---- signals ----
export const signalsPath = '/admin/senales';
export const useSignals = () => useApiQuery<Signal[]>(signalsPath, { staleTime: 0 });
export const dismissSignal = (clave: string, nota: string) =>
  api<{ mensaje: string }>(`/admin/senales/${encodeURIComponent(clave)}/descartar`, {
    method: 'POST',
    body: { nota },
  });

// ---- safety check-in ----
export const checkinsPath = '/usuario/seguridad/checkin';
export const useCheckins = (enabled: boolean) =>
  useApiQuery<Checkin[]>(enabled ? checkinsPath : null, { staleTime: 0 });
export const startCheckin = (body: CheckinCreate) => api<Checkin>(checkinsPath, { method: 'POST', body });
export const closeCheckin = (id: string) =>
  api<{ mensaje: string }>(`${checkinsPath}/${id}/estoy-bien`, { method: 'POST' });
export const confirmContact = (token: string) =>
  api<{ mensaje: string }>('/seguridad/contacto/confirmar', {
    method: 'POST',
    body: { token },
  });
/** The refusal page: the signed link from the mail is the only credential. */
export const refuseContactMail = (token: string) =>
  api<{ mensaje: string }>(`/seguridad/contacto/baja?t=${encodeURIComponent(token)}`, { method: 'POST' });

/** Refetches one of these GETs after an action. */
export function useRefresh(path: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: apiKey(path) });
}

// ---- held photos (decision 0177) ----
export const photoHoldsPath = '/admin/fotos-retenidas';
export const usePhotoHolds = () => useApiQuery<PhotoHold[]>(photoHoldsPath, { staleTime: 0 });
export const decidePhotoHold = (id: string, action: 'liberar' | 'retirar', nota: string) =>
  api<{ mensaje: string }>(`/admin/fotos-retenidas/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { nota },
  });
/** The earlier owner's one-click report, from the mailed link (no sign-in: the token decides). */
export const reportLookAlike = (token: string) =>
  api<{ mensaje: string }>(`/fotos-parecidas/${encodeURIComponent(token)}/denunciar`, { method: 'POST' });
