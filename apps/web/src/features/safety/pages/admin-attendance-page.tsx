import {
  attendanceResultLabels,
  attendanceSettleSchema,
  type AdminAttendanceDispute,
} from '@encanto/core/attendance';
import { formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { adminAttendancePath, settleDispute, useAttendanceDisputes } from '../../../lib/api/attendance.ts';
import { useRefresh } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';

const statusWords: Record<AdminAttendanceDispute['estado'], string> = {
  abierta: 'Por resolver',
  ausencia: 'Ausencia mantenida',
  anulada: 'Ausencia anulada',
};
const sideWords = { client: 'el cliente', escort: 'la escort' } as const;
type Resolution = 'ausencia' | 'anulada';

function DisputeItem({
  dispute: d,
  busy,
  onSettle,
  onInvalid,
}: {
  dispute: AdminAttendanceDispute;
  busy: boolean;
  onSettle: (resolucion: Resolution, nota: string) => void;
  onInvalid: (text: string) => void;
}) {
  const form = useSchemaForm(attendanceSettleSchema, {
    defaultValues: { resolucion: 'ausencia', nota: '' },
  });
  const settle = (resolucion: Resolution) => {
    form.setValue('resolucion', resolucion);
    return form.handleSubmit(
      ({ nota }) => onSettle(resolucion, nota),
      (errors) => onInvalid(firstErrorOf(errors) ?? msg.alertNoteLength),
    )();
  };
  const fieldId = `nota-asistencia-${d.id}`;
  const accused = d.marcada_por_tipo === 'client' ? 'La escort' : 'El cliente';
  return (
    <li className="safety-item" data-testid="admin-attendance" data-dispute={d.id}>
      <h3>
        {accused} {d.reclamante ?? '(cuenta eliminada)'} reclama una ausencia
        <span className={`safety-tab-count attendance-status-${d.estado}`}>{statusWords[d.estado]}</span>
      </h3>
      <p className="safety-meta">
        Marcada por {sideWords[d.marcada_por_tipo]} <strong>{d.marcada_por ?? 'cuenta eliminada'}</strong> el{' '}
        {formatDateTime(d.marcada_el)} · Reclamada el {formatDateTime(d.reclamada_el)}
        {d.cita_fecha ? ` · Cita: ${formatDateTime(d.cita_fecha)}` : ''}
      </p>
      <p className="safety-meta">
        Lo que marcó quien reclama:{' '}
        {d.marca_del_reclamante ? attendanceResultLabels[d.marca_del_reclamante] : 'no marcó la cita'}
      </p>
      {d.texto ? <blockquote className="alert-text">{d.texto}</blockquote> : null}
      {d.nota ? (
        <p className="safety-meta">
          Nota de la administración: {d.nota}
          {d.resuelta_el ? ` · ${formatDateTime(d.resuelta_el)}` : ''}
        </p>
      ) : null}
      {d.estado === 'abierta' ? (
        <div className="safety-actions">
          <div className="field">
            <label htmlFor={fieldId}>Nota (queda en la auditoría)</label>
            <input
              id={fieldId}
              maxLength={300}
              placeholder="Por ejemplo: revisé la conversación de la cita"
              {...form.register('nota')}
            />
          </div>
          <button type="button" className="button" disabled={busy} onClick={() => void settle('ausencia')}>
            Mantener la ausencia
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void settle('anulada')}
          >
            Anular la ausencia
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /pendientes/asistencia: absences contested by the side said not to have come (decision 0173). While a
 * contest is open the absence does not count; the administration keeps it or cancels it.
 */
export default function AdminAttendancePage() {
  useAdminHead('Asistencia');
  const list = useAttendanceDisputes();
  const { busyKey, run } = useAction<string>(useRefresh(adminAttendancePath));
  const [message, show] = useTimedMessage(5000);

  return (
    <section aria-labelledby="asistencia-title">
      <h2 id="asistencia-title" className="admin-section-title">
        Reclamos de asistencia
      </h2>
      <p className="safety-meta">
        Cuando una parte marca que la otra no se presentó, la otra puede reclamarlo dentro de 7 días. Mientras
        el reclamo está abierto la ausencia no cuenta. Las cards solo muestran totales.
      </p>
      <div aria-live="polite" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
      {list.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : list.isError ? (
        <p className="message message-error">No se pudieron cargar los reclamos.</p>
      ) : list.data.length === 0 ? (
        <p>No hay reclamos de asistencia.</p>
      ) : (
        <ul className="safety-list">
          {list.data.map((d) => (
            <DisputeItem
              key={d.id}
              dispute={d}
              busy={busyKey !== null}
              onSettle={(resolucion, nota) =>
                void run(
                  () => settleDispute(d.id, { resolucion, nota }),
                  {
                    onSuccess: (res) => show('success', res.mensaje),
                    onError: (err) => show('error', errorText(err, msg.genericRetry)),
                  },
                  d.id,
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
