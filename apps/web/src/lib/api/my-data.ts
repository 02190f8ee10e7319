import { useQueryClient } from '@tanstack/react-query';
import type { MyData, RectificationCreate } from '@encanto/core/data-rights';
import { api } from '../api-client.ts';
import { apiKey, useApiQuery } from '../query.ts';

export const myDataPath = '/cuenta/mis-datos';

/** The state of the caller's data rights: document retention, pause, requests, blocks. */
export function useMyData(enabled = true) {
  return useApiQuery<MyData>(enabled ? myDataPath : null, { staleTime: 0 });
}

export function useRefreshMyData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKey(myDataPath) });
}

export const setPause = (pausado: boolean) =>
  api<{ mensaje: string; pausado: boolean }>('/cuenta/pausa', { method: 'PUT', body: { pausado } });

export const requestRectification = (body: RectificationCreate) =>
  api<{ mensaje: string }>('/cuenta/rectificacion', { method: 'POST', body });
