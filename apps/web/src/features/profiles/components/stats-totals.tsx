import { statsChange, type StatsTotals } from '@encanto/core/statistics';
import { metricLabels, metrics } from './stats-chart.tsx';

function changeText(current: number, previous: number): string {
  const change = statsChange(current, previous);
  if (change === null) return current === 0 ? 'Sin actividad aún' : 'Nuevo en este período';
  if (change === 0) return 'Igual que los 30 días anteriores';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} % frente a los 30 días anteriores`;
}

/** The four totals of the last 30 days, each with its change against the 30 before when known. */
export function StatsTotalsView({ current, previous }: { current: StatsTotals; previous?: StatsTotals }) {
  return (
    <ul className="stats-totals">
      {metrics.map((m) => (
        <li key={m} className="stats-total">
          <span className="stats-total-label">{metricLabels[m]}</span>
          <span className="stats-total-value" data-testid={`total-${m}`}>
            {current[m].toLocaleString('es-CL')}
          </span>
          {previous ? (
            <span className="stats-total-change">{changeText(current[m], previous[m])}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
