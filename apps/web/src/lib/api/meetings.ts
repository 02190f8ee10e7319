import { useQueryClient } from '@tanstack/react-query';
import type {
  AcceptResult,
  ClientCard,
  MeetingPair,
  MeetingState,
  RequestItem,
} from '@encanto/core/marketplace';
import { api } from '../api-client.ts';
import { apiKey, useApiQuery } from '../query.ts';

/**
 * How a request's state reaches the other side without a reload: TanStack
 * Query polls these small indexed reads every 5 s (docs/decisions.md). Polling
 * pauses in hidden tabs (refetchIntervalInBackground false) and refreshes on focus.
 */
export const POLL_MS = 5000;
const live = { refetchInterval: POLL_MS, refetchOnWindowFocus: true, staleTime: 0 } as const;

const pairQuery = (p: MeetingPair) =>
  `nickname_cliente=${encodeURIComponent(p.nickname_cliente)}&nickname_usuario=${encodeURIComponent(p.nickname_usuario)}`;

export const meetingStatePath = (p: MeetingPair) => `/appointments/estado?${pairQuery(p)}`;

/** The pair's state for the client's controls on the card; null pair = not a client, no query. */
export function useMeetingState(pair: MeetingPair | null) {
  return useApiQuery<MeetingState>(pair ? meetingStatePath(pair) : null, live);
}

export const pendingPath = (nick: string) => `/appointments/pendientes/${encodeURIComponent(nick)}`;
export const toRatePath = (nick: string) => `/conversacion-cliente/aceptados/${encodeURIComponent(nick)}`;

export function usePendingRequests(nick: string | null) {
  return useApiQuery<{ solicitudes: RequestItem[] }>(nick ? pendingPath(nick) : null, live);
}

export function useClientsToRate(nick: string | null) {
  return useApiQuery<{ clientes: RequestItem[] }>(nick ? toRatePath(nick) : null, live);
}

export function useClientCard(nickname: string, enabled: boolean) {
  return useApiQuery<ClientCard>(
    enabled ? `/conversacion-cliente/perfil/${encodeURIComponent(nickname)}` : null,
    { retry: false },
  );
}

export const requestMeeting = (p: MeetingPair) =>
  api<{ mensaje: string }>('/appointments/solicitar', { method: 'POST', body: p });
export const cancelRequest = (p: MeetingPair) =>
  api<{ mensaje: string }>('/appointments/cerrar-cliente', { method: 'POST', body: p });
/** The escort's Aceptar: accept, or refresh an accepted meeting, in one server transaction. */
export const acceptRequest = (p: MeetingPair) =>
  api<AcceptResult>('/conversacion-cliente/crear-o-actualizar', { method: 'POST', body: p });
export const rejectRequest = (p: MeetingPair) =>
  api<{ mensaje: string }>('/conversacion/rechazar', { method: 'POST', body: p });
export const dismissClient = (p: MeetingPair) =>
  api<{ mensaje: string }>('/conversacion-cliente/cerrar-usuario', { method: 'POST', body: p });

/** Refetch every meeting view after an action, so both lists and the card agree at once. */
export function useRefreshMeetings() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) => {
        const path = q.queryKey[1];
        return (
          q.queryKey[0] === apiKey('')[0] &&
          typeof path === 'string' &&
          /^\/(appointments|conversacion|comments|ratings|notes)/.test(path)
        );
      },
    });
}
