import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportCreate } from '@encanto/core/data-rights';
import { api } from '../api-client.ts';

export const reportProfile = (body: ReportCreate) =>
  api<{ mensaje: string }>('/denuncias', { method: 'POST', body });

export type ReportFilter = 'abierta' | 'todas';
const key = (filter: ReportFilter) => ['admin-reports', filter] as const;

export function useReports(filter: ReportFilter) {
  return useQuery({
    queryKey: key(filter),
    staleTime: 0,
    queryFn: () => api<Report[]>(`/denuncias?estado=${filter}`),
  });
}

export type ReportAction = 'descartar' | 'suspender' | 'reincorporar';
export const decideReport = (id: number, action: ReportAction) =>
  api<{ mensaje: string }>(`/denuncias/${id}/${action}`, { method: 'PUT' });

export function useRefreshReports() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin-reports'] }),
      // The validation engineer's audit views read these keys.
      queryClient.invalidateQueries({ queryKey: ['admin-audit'] }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit-latest'] }),
    ]);
}
