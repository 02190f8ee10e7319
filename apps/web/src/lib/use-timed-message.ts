import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export type MessageKind = 'success' | 'error' | 'warning';

export interface TimedMessage {
  kind: MessageKind;
  /** Usually a string; a node when the message carries a link, such as 'Cita''s cancel link. */
  text: ReactNode;
}

/**
 * A status line that clears itself after `ms`: the spec gives each screen its time (2 s for the city,
 * 4 s for passwords and status, 5 s for requests). A new message restarts the clock.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (kind: MessageKind, text: ReactNode) => {
      clearTimeout(timer.current);
      setMessage({ kind, text });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show] as const;
}
