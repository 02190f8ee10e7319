import type { AdminAlert, AlertCreate, AlertSettings, MyAlert } from '@encanto/core/alerts';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

// Safety alerts between providers (decision 0171): the escort files and chooses, the client answers,
// the administration decides.

export const fileAlert = (body: AlertCreate) =>
  api<{ id: string; mensaje: string }>('/alertas', { method: 'POST', body });

export const alertSettingsPath = '/cuenta/seguridad';
export const useAlertSettings = (enabled: boolean) =>
  useApiQuery<AlertSettings>(enabled ? alertSettingsPath : null, { staleTime: 0 });
export const saveAlertSettings = (body: AlertSettings) =>
  api<AlertSettings & { mensaje: string }>(alertSettingsPath, { method: 'PUT', body });

export const myAlertsPath = '/cuenta/alertas';
export const useMyAlerts = (enabled: boolean) =>
  useApiQuery<{ alertas: MyAlert[] }>(enabled ? myAlertsPath : null, { staleTime: 0 });
export const answerAlert = (id: string, texto: string) =>
  api<{ mensaje: string }>(`/cuenta/alertas/${encodeURIComponent(id)}/descargo`, {
    method: 'POST',
    body: { texto },
  });

export const adminAlertsPath = '/admin/alertas';
export const useAdminAlerts = () => useApiQuery<AdminAlert[]>(adminAlertsPath, { staleTime: 0 });
export const decideAlert = (id: string, decision: 'confirmar' | 'descartar' | 'retirar', nota: string) =>
  api<{ mensaje: string }>(`/admin/alertas/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: { nota },
  });
