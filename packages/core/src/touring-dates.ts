import { formatDayMonth } from './chile-time.ts';

/** Touring dates without zod or geography, for the cards in a visitor's first view. */

/** 'yyyy-mm-dd' plus n calendar days (UTC arithmetic on a plain date: no zone shifts it). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 'del 3 al 7 de diciembre', 'del 28 de noviembre al 2 de diciembre', 'el 3 de diciembre' (yyyy-mm-dd days). */
export function visitRange(desde: string, hasta: string): string {
  if (desde === hasta) return `el ${formatDayMonth(desde)}`;
  if (desde.slice(0, 4) !== hasta.slice(0, 4))
    return `del ${formatDayMonth(desde, { year: true })} al ${formatDayMonth(hasta, { year: true })}`;
  if (desde.slice(5, 7) !== hasta.slice(5, 7))
    return `del ${formatDayMonth(desde)} al ${formatDayMonth(hasta)}`;
  return `del ${Number(desde.slice(8, 10))} al ${formatDayMonth(hasta)}`;
}
