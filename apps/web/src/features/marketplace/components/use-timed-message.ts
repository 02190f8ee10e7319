import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export interface TimedMessage {
  kind: 'success' | 'error' | 'warning';
  text: ReactNode;
}

/** A message that clears itself after `ms` (the spec's 5 s request messages). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: TimedMessage | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show] as const;
}

/** The server's Spanish mensaje when it sent one, else the spec's fallback text. */
export function errorText(err: unknown, fallback: string): string {
  const m = (err as { mensaje?: unknown })?.mensaje;
  return typeof m === 'string' && m ? m : fallback;
}
