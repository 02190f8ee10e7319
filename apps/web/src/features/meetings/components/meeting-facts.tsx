import { useId, useState } from 'react';
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
      {m.mensaje && compact ? <MessageLine text={m.mensaje} /> : null}
      {m.motivo_rechazo ? (
        <p className="meeting-reason">
          <strong>Motivo:</strong> {m.motivo_rechazo}
        </p>
      ) : null}
    </div>
  );
}

/** Past this many characters two lines may not hold the message: it gets a button to read it whole. */
const LONG_MESSAGE = 90;

/**
 * The client's message in the inbox: two lines, and "Ver mensaje completo" to read all of it in place
 * (decision 0150); a short one is shown whole.
 */
function MessageLine({ text }: { text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_MESSAGE;
  return (
    <div className="meeting-message-wrap">
      <p
        id={id}
        className={open || !long ? 'meeting-message-line meeting-message-open' : 'meeting-message-line'}
      >
        “{text}”
      </p>
      {long ? (
        <button
          type="button"
          className="link-button meeting-message-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Ver menos' : 'Ver mensaje completo'}
        </button>
      ) : null}
    </div>
  );
}
