import { formatDuration, formatMeetingTime } from '@encanto/core/chile-time';
import { lugarLabels, type MyMeeting } from '@encanto/core/meetings';
import { Icon } from '../../../components/ui/icon.tsx';

/** When, how long and where; the proposal and the rejection reason when there are. */
export function MeetingFacts({ meeting: m, compact = false }: { meeting: MyMeeting; compact?: boolean }) {
  return (
    <div className={compact ? 'meeting-facts meeting-facts-compact' : 'meeting-facts'}>
      <p className="meeting-when">
        <Icon name="clock" size={18} />
        {m.fecha_hora ? (
          <span className={m.propuesta ? 'meeting-when-old' : undefined}>
            {formatMeetingTime(m.fecha_hora)}
          </span>
        ) : (
          <span>Sin hora indicada</span>
        )}
      </p>
      {m.duracion_min || m.lugar ? (
        <p className="meeting-meta">
          {[
            m.duracion_min ? formatDuration(m.duracion_min) : null,
            m.lugar ? lugarLabels[m.rol][m.lugar] : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {m.propuesta ? (
        <p className="meeting-proposal">
          <strong>{m.rol === 'client' ? 'Te propone' : 'Propusiste'}:</strong>{' '}
          {formatMeetingTime(m.propuesta.fecha_hora)}
        </p>
      ) : null}
      {m.mensaje && !compact ? <blockquote className="meeting-message">{m.mensaje}</blockquote> : null}
      {m.mensaje && compact ? <p className="meeting-message-line">“{m.mensaje}”</p> : null}
      {m.motivo_rechazo ? (
        <p className="meeting-reason">
          <strong>Motivo:</strong> {m.motivo_rechazo}
        </p>
      ) : null}
    </div>
  );
}
