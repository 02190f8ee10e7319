import { alertCategoryLabels, alertDecisionSchema, type AdminAlert } from '@encanto/core/alerts';
import { formatDate, formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { adminAlertsPath, decideAlert, useAdminAlerts } from '../../../lib/api/alerts.ts';
import { useRefresh } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';

const statusWords: Record<AdminAlert['estado'], string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  descartada: 'Descartada',
  retirada: 'Retirada',
};

type Decision = 'confirmar' | 'descartar' | 'retirar';

function AlertItem({
  alert: a,
  busy,
  onDecide,
  onInvalid,
}: {
  alert: AdminAlert;
  busy: boolean;
  onDecide: (decision: Decision, nota: string) => void;
  onInvalid: (text: string) => void;
}) {
  // The note every decision needs (alertDecisionSchema: 3 to 300 characters), kept in the audit log.
  const form = useSchemaForm(alertDecisionSchema, { defaultValues: { nota: '' } });
  const decide = (decision: Decision) =>
    form.handleSubmit(
      ({ nota }) => onDecide(decision, nota),
      (errors) => onInvalid(firstErrorOf(errors) ?? msg.alertNoteLength),
    )();
  const decisions: { decision: Decision; label: string; className: string }[] =
    a.estado === 'pendiente'
      ? [
          { decision: 'confirmar', label: 'Confirmar', className: 'button' },
          { decision: 'descartar', label: 'Descartar', className: 'button button-secondary' },
        ]
      : a.estado === 'confirmada'
        ? [{ decision: 'retirar', label: 'Retirar alerta', className: 'button button-secondary' }]
        : [];
  const fieldId = `nota-alerta-${a.id}`;
  return (
    <li className="safety-item" data-testid="admin-alert" data-alert={a.id}>
      <h3>
        {alertCategoryLabels[a.categoria]}
        <span className={`safety-tab-count alert-status-${a.estado}`}>{statusWords[a.estado]}</span>
      </h3>
      <p className="safety-meta">
        Cliente: <strong>{a.cliente ?? 'cuenta eliminada'}</strong> · Enviada por:{' '}
        {a.autora ?? 'cuenta eliminada'} · {formatDateTime(a.fecha)}
        {a.cita_fecha ? ` · Cita: ${formatDateTime(a.cita_fecha)}` : ''}
      </p>
      {a.otras_confirmadas > 0 ? (
        <p className="safety-meta">
          Otras alertas confirmadas vigentes sobre este cliente: {a.otras_confirmadas}
        </p>
      ) : null}
      <blockquote className="alert-text">{a.descripcion}</blockquote>
      {a.descargo ? (
        <div className="alert-answer">
          <p className="safety-meta">
            Descargo del cliente{a.descargo_fecha ? ` (${formatDateTime(a.descargo_fecha)})` : ''}:
          </p>
          <blockquote className="alert-text">{a.descargo}</blockquote>
        </div>
      ) : null}
      {a.nota ? (
        <p className="safety-meta">
          Nota de la administración: {a.nota}
          {a.vigente_hasta ? ` · Vigente hasta el ${formatDate(a.vigente_hasta)}` : ''}
        </p>
      ) : null}
      {decisions.length > 0 ? (
        <div className="safety-actions">
          <div className="field">
            <label htmlFor={fieldId}>Nota (queda en la auditoría)</label>
            <input
              id={fieldId}
              maxLength={300}
              placeholder="Por ejemplo: coincide con lo conversado en la cita"
              {...form.register('nota')}
            />
          </div>
          {decisions.map((d) => (
            <button
              key={d.decision}
              type="button"
              className={d.className}
              disabled={busy}
              onClick={() => void decide(d.decision)}
            >
              {d.label}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * /pendientes/alertas: safety alerts escorts filed about clients (decision 0171). Pending first; a
 * confirmed one shows escorts only its category and month; the client may answer, and the
 * administration may then withdraw it.
 */
export default function AdminAlertsPage() {
  useAdminHead('Alertas');
  const list = useAdminAlerts();
  const { busyKey, run } = useAction<string>(useRefresh(adminAlertsPath));
  const [message, show] = useTimedMessage(5000);

  return (
    <section aria-labelledby="alertas-title">
      <h2 id="alertas-title" className="admin-section-title">
        Alertas de seguridad
      </h2>
      <p className="safety-meta">
        Avisos de escorts sobre clientes con quienes tuvieron una cita aceptada. Al confirmar, las escorts que
        reciban una solicitud suya verán solo la categoría y el mes, nunca quién la envió ni el relato; el
        cliente recibe un correo y puede dar su descargo.
      </p>
      <div aria-live="polite" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
      {list.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : list.isError ? (
        <p className="message message-error">No se pudieron cargar las alertas.</p>
      ) : list.data.length === 0 ? (
        <p>No hay alertas.</p>
      ) : (
        <ul className="safety-list">
          {list.data.map((a) => (
            <AlertItem
              key={a.id}
              alert={a}
              busy={busyKey !== null}
              onDecide={(decision, nota) =>
                void run(
                  () => decideAlert(a.id, decision, nota),
                  {
                    onSuccess: (res) => show('success', res.mensaje),
                    onError: (err) => show('error', errorText(err, msg.genericRetry)),
                  },
                  a.id,
                )
              }
              onInvalid={(text) => show('error', text)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
