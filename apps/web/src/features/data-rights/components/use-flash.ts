import { useEffect, useRef, useState } from 'react';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/** A status line that clears itself, as the spec's other screens do. */
export function useFlash(ms = 5000): [Flash | null, (kind: Flash['kind'], text: string) => void] {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (kind: Flash['kind'], text: string) => {
    clearTimeout(timer.current);
    setFlash({ kind, text });
    timer.current = setTimeout(() => setFlash(null), ms);
  };
  return [flash, show];
}
