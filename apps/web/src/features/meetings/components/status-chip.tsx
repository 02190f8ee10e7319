import type { MyMeeting } from '@encanto/core/meetings';

/** The meeting's state in a word, from the caller's side. */
export function statusText(m: MyMeeting): { text: string; tone: 'wait' | 'act' | 'ok' | 'off' } {
  if (m.estado === 'pendiente') {
    if (m.vencida) return { text: 'Vencida', tone: 'off' };
    if (m.propuesta)
      return m.rol === 'client'
        ? { text: 'Nueva hora propuesta', tone: 'act' }
        : { text: 'Propusiste otra hora', tone: 'wait' };
    return m.rol === 'escort'
      ? { text: 'Por responder', tone: 'act' }
      : { text: 'Esperando respuesta', tone: 'wait' };
  }
  if (m.estado === 'aceptada') return { text: 'Confirmada', tone: 'ok' };
  if (m.estado === 'rechazada') return { text: 'Rechazada', tone: 'off' };
  if (m.estado === 'cancelada') return { text: 'Cancelada', tone: 'off' };
  return { text: 'Cerrada', tone: 'off' };
}

export function StatusChip({ meeting }: { meeting: MyMeeting }) {
  const { text, tone } = statusText(meeting);
  return <span className={`meeting-chip meeting-chip-${tone}`}>{text}</span>;
}
