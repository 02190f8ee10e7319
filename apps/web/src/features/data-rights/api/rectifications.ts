import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRectification } from '@encanto/core/data-rights';
import { api } from '../../../lib/api-client.ts';

export type RectificationFilter = 'abierta' | 'todas';

export function useAdminRectifications(filter: RectificationFilter) {
  return useQuery({
    queryKey: ['admin-rectifications', filter],
    staleTime: 0,
    queryFn: () => api<AdminRectification[]>(`/admin/rectificaciones?estado=${filter}`),
  });
}

export const decideRectification = (id: number, estado: 'resuelta' | 'rechazada') =>
  api<{ mensaje: string }>(`/admin/rectificaciones/${id}`, { method: 'PUT', body: { estado } });

export function useRefreshRectifications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin-rectifications'] }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit'] }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit-latest'] }),
    ]);
}
