import { useEffect } from 'react';
import type { StatsDay } from '@encanto/core/statistics';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const statsPath = (dias: number) => `/usuario/estadisticas?dias=${dias}`;

/** Her own daily numbers, oldest first (the server fills days without activity with zeros). */
export const useStats = (dias: number, enabled = true) =>
  useApiQuery<StatsDay[]>(enabled ? statsPath(dias) : null, { staleTime: 60_000 });

/**
 * Tells the server a person opened this card: sent once per card from the
 * browser after it rendered, never during the server render, so crawlers and
 * link previews that do not run scripts are not counted. Failures are ignored.
 */
export function useCountView(nickname: string) {
  useEffect(() => {
    api(`/usuario/vista/${encodeURIComponent(nickname)}`, { method: 'POST' }).catch(() => undefined);
  }, [nickname]);
}
