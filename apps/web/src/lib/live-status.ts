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

/** A read's polling interval: none while the stream is open, `ms` as the fallback. */
export function useFallbackPoll(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}
