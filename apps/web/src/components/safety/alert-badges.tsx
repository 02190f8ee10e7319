import { alertCategoryLabels, formatAlertMonth, type AlertBadge } from '@encanto/core/alerts';

/**
 * A client's confirmed safety alerts in force, as an escort sees them on a request or his card: the
 * category and the month, never who filed it nor what she wrote (decision 0171).
 */
export function AlertBadges({ alertas, compact = false }: { alertas: AlertBadge[]; compact?: boolean }) {
  if (alertas.length === 0) return null;
  return (
    <div
      className={`alert-badges${compact ? ' alert-badges-compact' : ''}`}
      role="note"
      data-testid="alert-badges"
    >
      <p className="alert-badges-title">
        <span aria-hidden="true">⚠</span> Alerta de seguridad confirmada
      </p>
      <ul>
        {alertas.map((a, i) => (
          <li key={`${a.categoria}-${a.fecha}-${i}`}>
            {alertCategoryLabels[a.categoria]} · {formatAlertMonth(a.fecha)}
          </li>
        ))}
      </ul>
      {compact ? null : (
        <p className="alert-badges-hint">
          Otra escort avisó y la administración lo confirmó. Decide con calma: puedes rechazar la solicitud
          sin dar explicaciones.
        </p>
      )}
    </div>
  );
}
