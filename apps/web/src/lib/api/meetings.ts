import type {
  AcceptResult,
  ClientCard,
  MeetingPair,
  MeetingState,
  RequestItem,
} from '@encanto/core/marketplace';
import type { MeetingSummary, MyMeetings, RequestDetails } from '@encanto/core/meetings';
import { api } from '../api-client.ts';
import { useFallbackPoll } from '../live-status.ts';
import { useApiQuery, useInvalidateApi } from '../query.ts';

/**
 * How a request's state reaches the other side without a reload: the tab's event stream
 * (lib/live.ts, decision 0162) refreshes these reads when a meeting changes. While the stream is not
 * open, TanStack Query polls them every 5 s instead (decision 0012); polling pauses in hidden tabs
 * (refetchIntervalInBackground false) and refreshes on focus.
 */
export const POLL_MS = 5000;
/** With the stream open: what a meeting's time alone changes shows within this (decision 0162). */
export const TIME_POLL_MS = 15_000;
function usePolled() {
  return {
    refetchInterval: useFallbackPoll(POLL_MS, TIME_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  } as const;
}

const pairQuery = (p: MeetingPair) =>
  `nickname_cliente=${encodeURIComponent(p.nickname_cliente)}&nickname_usuario=${encodeURIComponent(p.nickname_usuario)}`;

export const meetingStatePath = (p: MeetingPair) => `/appointments/estado?${pairQuery(p)}`;

/** The pair's state for the client's controls on the card; null pair = not a client, no query. */
export function useMeetingState(pair: MeetingPair | null) {
  return useApiQuery<MeetingState>(pair ? meetingStatePath(pair) : null, usePolled());
}

export const pendingPath = (nick: string) => `/appointments/pendientes/${encodeURIComponent(nick)}`;
export const toRatePath = (nick: string) => `/conversacion-cliente/aceptados/${encodeURIComponent(nick)}`;

export function usePendingRequests(nick: string | null) {
  return useApiQuery<{ solicitudes: RequestItem[] }>(nick ? pendingPath(nick) : null, usePolled());
}

export function useClientsToRate(nick: string | null) {
  return useApiQuery<{ clientes: RequestItem[] }>(nick ? toRatePath(nick) : null, usePolled());
}

export function useClientCard(nickname: string, enabled: boolean) {
  return useApiQuery<ClientCard>(
    enabled ? `/conversacion-cliente/perfil/${encodeURIComponent(nickname)}` : null,
    { retry: false },
  );
}

/** The nav badge: what waits for the caller's answer plus meetings with unread messages. */
export const SUMMARY_POLL_MS = 10_000;
export const summaryPath = '/citas/resumen';
/** The stream sends the badge itself (`contador`); polled only as the fallback. */
export function useMeetingSummary(enabled: boolean) {
  return useApiQuery<MeetingSummary>(enabled ? summaryPath : null, {
    refetchInterval: useFallbackPoll(SUMMARY_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Every meeting of the caller, as "Mis citas" and "Solicitudes" list them (kept fresh like the badge). */
export function useMyMeetings(enabled = true) {
  return useApiQuery<MyMeetings>(enabled ? '/citas/mias' : null, {
    refetchInterval: useFallbackPoll(SUMMARY_POLL_MS, TIME_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** A meeting's conversation (GET and POST); the event stream updates its read in place. */
export const conversationPath = (id: string) => `/citas/${encodeURIComponent(id)}/mensajes`;

type Answer = { mensaje: string; cita: string };

export const requestMeeting = (p: MeetingPair, details: RequestDetails) =>
  api<Answer>('/appointments/solicitar', { method: 'POST', body: { ...p, ...details } });
export const proposeTime = (p: MeetingPair, fecha_hora: string) =>
  api<Answer>('/appointments/proponer', { method: 'POST', body: { ...p, fecha_hora } });
export const acceptProposal = (p: MeetingPair) =>
  api<Answer>('/appointments/aceptar-propuesta', { method: 'POST', body: p });
export const cancelRequest = (p: MeetingPair) =>
  api<{ mensaje: string }>('/appointments/cerrar-cliente', { method: 'POST', body: p });
/** The escort's Aceptar: accept, or refresh an accepted meeting, in one server transaction. */
export const acceptRequest = (p: MeetingPair) =>
  api<AcceptResult>('/conversacion-cliente/crear-o-actualizar', { method: 'POST', body: p });
export const rejectRequest = (p: MeetingPair, motivo?: string) =>
  api<{ mensaje: string }>('/conversacion/rechazar', {
    method: 'POST',
    body: motivo ? { ...p, motivo } : p,
  });
export const dismissClient = (p: MeetingPair) =>
  api<{ mensaje: string }>('/conversacion-cliente/cerrar-usuario', { method: 'POST', body: p });

/** Refetch every meeting view after an action, so both lists and the card agree at once. */
export function useRefreshMeetings() {
  const invalidate = useInvalidateApi();
  return () => invalidate('/appointments', '/conversacion', '/comments', '/ratings', '/notes', '/citas');
}
