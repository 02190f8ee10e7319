import { useSyncExternalStore } from 'react';

// Whether this tab's event stream (lib/live.ts) is open, apart from the stream itself so the read
// hooks (lib/api/meetings.ts) can ask without importing it (decision 0162).
let connected = false;
const listeners = new Set<() => void>();

export function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether this tab's event stream is open: reads it keeps fresh stop polling meanwhile. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => false,
  );
}

/**
 * A read's polling interval: `ms` as the fallback while the stream is not open; while it is open, none,
 * or `whileLive` for a read that also changes with time alone, which no event announces (a meeting's
 * time arriving opens its review and its attendance marks; a request's time passing makes it past).
 */
export function useFallbackPoll(ms: number, whileLive: number | false = false): number | false {
  return useLiveConnected() ? whileLive : ms;
}
