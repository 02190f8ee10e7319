import { z } from 'zod';
import { msg } from './messages.ts';

/** How many days the statistics can look back (twice the page's 30, for the comparison). */
export const statsMaxDays = 90;

export const statsQuerySchema = z.object({
  dias: z.coerce
    .number({ error: msg.statsDays })
    .int(msg.statsDays)
    .min(1, msg.statsDays)
    .max(statsMaxDays, msg.statsDays)
    .default(30),
});

/**
 * One Chile day of an escort's profile: views of her card, taps on her WhatsApp
 * button, favourites added, meeting requests received.
 */
export const statsDaySchema = z.object({
  fecha: z.string(),
  vistas: z.number().int(),
  clics_whatsapp: z.number().int(),
  favoritos: z.number().int(),
  solicitudes: z.number().int(),
});
export type StatsDay = z.infer<typeof statsDaySchema>;
export const statsListSchema = z.array(statsDaySchema);

export type StatsTotals = Omit<StatsDay, 'fecha'>;

/** Sums of a run of days. */
export function statsTotals(days: readonly StatsDay[]): StatsTotals {
  return days.reduce(
    (t, d) => ({
      vistas: t.vistas + d.vistas,
      clics_whatsapp: t.clics_whatsapp + d.clics_whatsapp,
      favoritos: t.favoritos + d.favoritos,
      solicitudes: t.solicitudes + d.solicitudes,
    }),
    { vistas: 0, clics_whatsapp: 0, favoritos: 0, solicitudes: 0 },
  );
}

/** Change against the previous period in whole percent; null when the previous period had none. */
export function statsChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
