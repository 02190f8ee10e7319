import {
  attendanceResultLabels,
  attendanceSettleSchema,
  type AdminAttendanceDispute,
} from '@encanto/core/attendance';
import { formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { DecisionQueue, NoteDecision, type QueueItem } from '../../../components/admin/decision-queue.tsx';
import { adminAttendancePath, settleDispute, useAttendanceDisputes } from '../../../lib/api/attendance.ts';
import { useRefresh } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';

const statusWords: Record<AdminAttendanceDispute['estado'], string> = {
  abierta: 'Por resolver',
  ausencia: 'Ausencia mantenida',
  anulada: 'Ausencia anulada',
};
const sideWords = { client: 'el cliente', escort: 'la escort' } as const;

/** Keep the absence or cancel it; the resolution comes from the button, the note from the field. */
const resolutions = [
  { decision: 'ausencia', label: 'Mantener la ausencia', className: 'button' },
  { decision: 'anulada', label: 'Anular la ausencia', className: 'button button-secondary' },
] as const;
const settleNoteSchema = attendanceSettleSchema.pick({ nota: true });

function DisputeItem({ dispute: d, queue }: { dispute: AdminAttendanceDispute; queue: QueueItem }) {
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
        <NoteDecision
          queue={queue}
          schema={settleNoteSchema}
          fallback={msg.alertNoteLength}
          fieldId={fieldId}
          label="Nota (queda en la auditoría)"
          placeholder="Por ejemplo: revisé la conversación de la cita"
          decisions={resolutions}
          onDecide={(resolucion, nota) => settleDispute(d.id, { resolucion, nota })}
        />
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
  return (
    <DecisionQueue
      titleId="asistencia-title"
      title="Reclamos de asistencia"
      intro={
        <>
          Cuando una parte marca que la otra no se presentó, la otra puede reclamarlo dentro de 7 días.
          Mientras el reclamo está abierto la ausencia no cuenta. Las cards solo muestran totales.
        </>
      }
      list={useAttendanceDisputes()}
      refresh={useRefresh(adminAttendancePath)}
      loadError="No se pudieron cargar los reclamos."
      empty="No hay reclamos de asistencia."
      keyOf={(d) => d.id}
      item={(d, queue) => <DisputeItem dispute={d} queue={queue} />}
    />
  );
}
