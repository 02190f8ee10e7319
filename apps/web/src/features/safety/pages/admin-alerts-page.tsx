import { alertCategoryLabels, alertDecisionSchema, type AdminAlert } from '@encanto/core/alerts';
import { formatDate, formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { DecisionQueue, NoteDecision, type QueueItem } from '../../../components/admin/decision-queue.tsx';
import { adminAlertsPath, decideAlert, useAdminAlerts } from '../../../lib/api/alerts.ts';
import { useRefresh } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';

const statusWords: Record<AdminAlert['estado'], string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  descartada: 'Descartada',
  retirada: 'Retirada',
};

type Decision = 'confirmar' | 'descartar' | 'retirar';

function AlertItem({ alert: a, queue }: { alert: AdminAlert; queue: QueueItem }) {
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
        // The note every decision needs (alertDecisionSchema: 3 to 300 characters), kept in the audit log.
        <NoteDecision
          queue={queue}
          schema={alertDecisionSchema}
          fallback={msg.alertNoteLength}
          fieldId={fieldId}
          label="Nota (queda en la auditoría)"
          placeholder="Por ejemplo: coincide con lo conversado en la cita"
          decisions={decisions}
          onDecide={(decision, nota) => decideAlert(a.id, decision, nota)}
        />
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
  return (
    <DecisionQueue
      titleId="alertas-title"
      title="Alertas de seguridad"
      intro={
        <>
          Avisos de escorts sobre clientes con quienes tuvieron una cita aceptada. Al confirmar, las escorts
          que reciban una solicitud suya verán solo la categoría y el mes, nunca quién la envió ni el relato;
          el cliente recibe un correo y puede dar su descargo.
        </>
      }
      list={useAdminAlerts()}
      refresh={useRefresh(adminAlertsPath)}
      loadError="No se pudieron cargar las alertas."
      empty="No hay alertas."
      keyOf={(a) => a.id}
      item={(a, queue) => <AlertItem alert={a} queue={queue} />}
    />
  );
}
