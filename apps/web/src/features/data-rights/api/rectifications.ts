import type { AdminRectification } from '@encanto/core/data-rights';
import { api } from '../../../lib/api-client.ts';
import { useApiQuery, useInvalidateApi } from '../../../lib/query.ts';

export type RectificationFilter = 'abierta' | 'todas';

export const useAdminRectifications = (filter: RectificationFilter) =>
  useApiQuery<AdminRectification[]>(`/admin/rectificaciones?estado=${filter}`, { staleTime: 0 });

export const decideRectification = (id: number, estado: 'resuelta' | 'rechazada') =>
  api<{ mensaje: string }>(`/admin/rectificaciones/${id}`, { method: 'PUT', body: { estado } });

/** After a decision: the request lists and the audit log (every decision is written there). */
export function useRefreshRectifications() {
  const invalidate = useInvalidateApi();
  return () => invalidate('/admin/rectificaciones', '/admin/auditoria');
}
