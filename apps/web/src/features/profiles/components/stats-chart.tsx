import { useId } from 'react';
import type { StatsDay, StatsTotals } from '@encanto/core/statistics';

export type StatsMetric = keyof StatsTotals;

/** The four numbers, in the order they are shown (totals, chart choices, table columns). */
export const metricLabels: Record<StatsMetric, string> = {
  vistas: 'Vistas de tu tarjeta',
  clics_whatsapp: 'Clics en WhatsApp',
  favoritos: 'Favoritos',
  solicitudes: 'Solicitudes',
};
export const metrics = Object.keys(metricLabels) as StatsMetric[];

/** Short column headings of the table. */
const columnLabels: Record<StatsMetric, string> = {
  vistas: 'Vistas',
  clics_whatsapp: 'WhatsApp',
  favoritos: 'Favoritos',
  solicitudes: 'Solicitudes',
};

/** '2026-11-25' → '25/11', the way dates are read in Chile. */
export const shortDate = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;

const W = 600;
const H = 180;
const PAD_BOTTOM = 2;
const PAD_TOP = 6;

/**
 * One bar per day, drawn as SVG (no chart library to download). The picture is
 * described in words for screen readers; the exact numbers are in the table
 * that StatsTable renders beside it.
 */
export function StatsChart({ days, metric }: { days: readonly StatsDay[]; metric: StatsMetric }) {
  const id = useId();
  const values = days.map((d) => d[metric]);
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const best = days[values.indexOf(Math.max(...values))];
  const slot = W / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const usable = H - PAD_BOTTOM - PAD_TOP;
  const summary =
    total === 0
      ? `${metricLabels[metric]}: 0 en estos ${days.length} días.`
      : `${metricLabels[metric]}: ${total} en ${days.length} días; el día con más fue el ${shortDate(best!.fecha)}, con ${Math.max(...values)}.`;
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-desc`} preserveAspectRatio="none">
        <line x1="0" x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} className="stats-axis" />
        {days.map((d, i) => {
          const h = (d[metric] / max) * usable;
          return (
            <rect
              key={d.fecha}
              x={i * slot + (slot - bar) / 2}
              y={H - PAD_BOTTOM - h}
              width={bar}
              height={h}
              rx="2"
              className="stats-bar"
            >
              <title>{`${shortDate(d.fecha)}: ${d[metric]}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Outside the SVG: it stretches to the width, which would squash its text. */}
      {days.length > 0 ? (
        <div className="stats-ticks" aria-hidden="true">
          <span>{shortDate(days[0]!.fecha)}</span>
          <span>{`máx. ${max} por día`}</span>
          <span>{shortDate(days.at(-1)!.fecha)}</span>
        </div>
      ) : null}
      <figcaption id={`${id}-desc`}>{summary}</figcaption>
    </figure>
  );
}

/** Every day's numbers, newest first: the chart's data for anyone who cannot see it. */
export function StatsTable({ days, caption }: { days: readonly StatsDay[]; caption: string }) {
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            {metrics.map((m) => (
              <th key={m} scope="col">
                {columnLabels[m]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.fecha}>
              <th scope="row">{shortDate(d.fecha)}</th>
              {metrics.map((m) => (
                <td key={m}>{d[m]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
