import type { Report, ReportCreate } from '@encanto/core/data-rights';
import { api } from '../api-client.ts';
import { useApiQuery, useInvalidateApi } from '../query.ts';

export const reportProfile = (body: ReportCreate) =>
  api<{ mensaje: string }>('/denuncias', { method: 'POST', body });

export type ReportFilter = 'abierta' | 'todas';

export const useReports = (filter: ReportFilter) =>
  useApiQuery<Report[]>(`/denuncias?estado=${filter}`, { staleTime: 0 });

export type ReportAction = 'descartar' | 'suspender' | 'reincorporar';
/** A suspension carries the admin's reason (decision 0147); the other decisions carry nothing. */
export const decideReport = (id: number, action: ReportAction, motivo?: string) =>
  api<{ mensaje: string }>(`/denuncias/${id}/${action}`, {
    method: 'PUT',
    ...(action === 'suspender' ? { body: { motivo } } : {}),
  });

/** After a decision: the report lists and the audit log (every decision is written there). */
export function useRefreshReports() {
  const invalidate = useInvalidateApi();
  return () => invalidate('/denuncias', '/admin/auditoria');
}
