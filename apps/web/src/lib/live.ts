import { useEffect } from 'react';
import { liveEventSchemas, type LiveEventData, type LiveEventName } from '@encanto/core/live';
import type { Conversation, MeetingSummary } from '@encanto/core/meetings';
import { conversationPath, summaryPath } from './api/meetings.ts';
import { setConnected } from './live-status.ts';
import { useInvalidateApi, useSetApiData } from './query.ts';

/**
 * Live updates (decision 0162): one EventSource per signed-in tab on GET /api/eventos. Its events
 * update the reads the server seeded (the badge, "Mis citas", "Solicitudes", the open conversation)
 * within a second; the polling those reads did before stays only as the fallback, while the stream
 * is not open (useLiveConnected).
 */
export const LIVE_PATH = '/api/eventos';

/** The reads a meeting's change may move (the lists, the card's state, the escort's pending list). */
const MEETING_READS = ['/citas/mias', '/appointments', '/conversacion'];

function parse<K extends LiveEventName>(name: K, event: Event): LiveEventData<K> | null {
  try {
    const result = liveEventSchemas[name].safeParse(JSON.parse((event as MessageEvent<string>).data));
    return result.success ? (result.data as LiveEventData<K>) : null;
  } catch {
    return null;
  }
}

/**
 * Opens the tab's stream while `enabled` (a signed-in client or escort). The browser reconnects by
 * itself with Last-Event-ID (the server replays what was missed); a stream the server ended (`fin`:
 * another tab took its place) opens again when this tab is shown again, and a refused one (the
 * server, a proxy or the browser cannot hold it) leaves the polling on.
 */
export function useLiveEvents(enabled: boolean): void {
  const invalidate = useInvalidateApi();
  const setData = useSetApiData();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let sessionEnded = false;

    const on = <K extends LiveEventName>(s: EventSource, name: K, handle: (data: LiveEventData<K>) => void) =>
      s.addEventListener(name, (event) => {
        const data = parse(name, event);
        if (data) handle(data);
      });

    const open = () => {
      const s = new EventSource(LIVE_PATH);
      source = s;
      let first = true;
      s.onopen = () => {
        setConnected(true);
        // A new stream (not the browser's own reconnection, which replays) starts from fresh reads.
        if (first) void invalidate(...MEETING_READS);
        first = false;
      };
      s.onerror = () => {
        setConnected(false);
        if (s.readyState === EventSource.CLOSED && source === s) source = null;
      };
      on(s, 'mensaje', ({ cita, mensaje }) => {
        const path = conversationPath(cita);
        setData<Conversation | undefined>(path, (old) =>
          old && !old.mensajes.some((m) => m.id === mensaje.id)
            ? { ...old, mensajes: [...old.mensajes, mensaje] }
            : old,
        );
        // Reading it again marks it read when the conversation is on screen.
        void invalidate(path, '/citas/mias');
      });
      on(s, 'cita', () => void invalidate(...MEETING_READS));
      on(s, 'leida', () => void invalidate('/citas/mias'));
      on(s, 'contador', (summary) => setData<MeetingSummary>(summaryPath, summary));
      on(s, 'sincronizar', () => void invalidate(...MEETING_READS, '/citas/'));
      on(s, 'fin', ({ motivo }) => {
        s.close();
        if (source === s) source = null;
        sessionEnded = motivo === 'sesion';
        setConnected(false);
      });
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible' && !source && !sessionEnded) open();
    };
    open();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      source?.close();
      source = null;
      setConnected(false);
    };
  }, [enabled, invalidate, setData]);
}
