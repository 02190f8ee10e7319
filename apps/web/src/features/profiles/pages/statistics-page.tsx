import { useId, useState } from 'react';
import { statsTotals } from '@encanto/core/statistics';
import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useStats } from '../../../lib/api/statistics.ts';
import {
  StatsChart,
  StatsTable,
  metricLabels,
  metrics,
  type StatsMetric,
} from '../components/stats-chart.tsx';
import { StatsTotalsView } from '../components/stats-totals.tsx';

const PERIOD = 30;

/**
 * /panel/estadisticas: how her card did in the last 30 days against the 30
 * before (one request for 60 days), a bar chart per day of the chosen number,
 * and the same numbers in a table.
 */
export default function StatisticsPage() {
  const id = useId();
  const stats = useStats(PERIOD * 2);
  const [metric, setMetric] = useState<StatsMetric>('vistas');
  const days = stats.data ?? [];
  const current = days.slice(-PERIOD);
  const previous = days.slice(0, Math.max(0, days.length - PERIOD));
  return (
    <DashboardPage
      title="Estadísticas"
      className="profile-main stats-page"
      intro="Cuántas personas vieron tu tarjeta, tocaron tu botón de WhatsApp, te guardaron en favoritos y te pidieron una cita, día a día. Solo tú ves estos números; no guardamos quién te visitó."
    >
      {stats.isPending ? (
        <div className="skeleton profile-skeleton-block" aria-busy="true" />
      ) : stats.isError ? (
        <p className="message message-error" role="alert">
          {errorText(stats.error, 'No se pudieron cargar tus estadísticas.')}
        </p>
      ) : (
        <>
          <section className="form-card" aria-labelledby={`${id}-totals`}>
            <h2 id={`${id}-totals`} className="dashboard-section-title">
              Últimos 30 días
            </h2>
            <StatsTotalsView current={statsTotals(current)} previous={statsTotals(previous)} />
          </section>
          <section className="form-card" aria-labelledby={`${id}-chart`}>
            <h2 id={`${id}-chart`} className="dashboard-section-title">
              Día a día
            </h2>
            <fieldset className="stats-metric">
              <legend className="visually-hidden">Qué mostrar en el gráfico</legend>
              {metrics.map((m) => (
                <label key={m} className={`chip${metric === m ? ' active' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-metric`}
                    value={m}
                    checked={metric === m}
                    onChange={() => setMetric(m)}
                  />
                  {metricLabels[m]}
                </label>
              ))}
            </fieldset>
            <StatsChart days={current} metric={metric} />
            <details className="stats-details">
              <summary>Ver los números de cada día</summary>
              <StatsTable days={current} caption="Tus números de los últimos 30 días" />
            </details>
          </section>
        </>
      )}
    </DashboardPage>
  );
}
