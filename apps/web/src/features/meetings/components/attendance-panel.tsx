import { useState } from 'react';
import { attendanceDisputeFormSchema, attendanceRules } from '@encanto/core/attendance';
import { formatDateAtTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { MyMeeting } from '@encanto/core/meetings';
import { errorText } from '../../../lib/api-client.ts';
import { disputeAbsence, markAttendance } from '../../../lib/api/attendance.ts';
import { useRefreshMeetings } from '../../../lib/api/meetings.ts';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

type Dispute = NonNullable<MyMeeting['asistencia']['reclamo']>;

const theirContestWords: Record<Dispute, string> = {
  abierta: 'Lo reclamó y la administración lo está revisando.',
  ausencia: 'La administración lo revisó y la ausencia se mantiene.',
  anulada: 'La administración lo revisó y anuló la ausencia.',
};
const myContestWords: Record<Dispute, string> = {
  abierta: 'Reclamaste. La administración lo está revisando y la ausencia no cuenta mientras tanto.',
  ausencia: 'La administración revisó tu reclamo y la ausencia se mantiene.',
  anulada: 'La administración revisó tu reclamo y anuló la ausencia.',
};

/**
 * "Asistencia" on an accepted meeting (decision 0173): from its time until 7 days after it, each side says
 * whether it happened; the side said to be absent may contest within 7 days. Only counts ever leave the
 * pair (decision 0174).
 */
export function AttendancePanel({ meeting: m }: { meeting: MyMeeting }) {
  const a = m.asistencia;
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(6000);
  const [contesting, setContesting] = useState(false);
  const name = m.otra_parte.nombre || m.otra_parte.nickname;
  if (!a.puede_marcar && !a.mia && !a.suya) return null;

  const act = (work: () => Promise<{ mensaje: string }>, fail: string) =>
    run(work, {
      onSuccess: (r) => {
        setContesting(false);
        show('success', r.mensaje);
      },
      onError: (err) => show('error', errorText(err, fail)),
    });

  return (
    <div className="attendance-panel" role="group" aria-label="Asistencia" data-testid="attendance-panel">
      {a.suya === 'concretada' ? (
        <p className="attendance-line">{name} marcó que la cita se concretó.</p>
      ) : null}
      {a.suya === 'no_se_presento' ? (
        <p className="attendance-line attendance-claim">
          {name} marcó que no te presentaste.{' '}
          {a.reclamo
            ? myContestWords[a.reclamo]
            : a.puede_reclamar && a.reclamo_hasta
              ? `Si no fue así, puedes reclamar hasta el ${formatDateAtTime(a.reclamo_hasta)}.`
              : ''}
        </p>
      ) : null}
      {a.puede_reclamar && !contesting ? (
        <div className="meeting-buttons">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setContesting(true)}
          >
            Reclamar
          </button>
        </div>
      ) : null}
      {a.puede_reclamar && contesting ? (
        <DisputeForm
          busy={busy}
          onCancel={() => setContesting(false)}
          onSubmit={(texto) => act(() => disputeAbsence(m.id, texto), msg.attendanceDisputeError)}
        />
      ) : null}
      {a.puede_marcar ? (
        <>
          <p className="attendance-question">¿Cómo resultó la cita?</p>
          <div className="meeting-buttons">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act(() => markAttendance(m.id, 'concretada'), msg.attendanceSaveError)}
            >
              Se concretó
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void act(() => markAttendance(m.id, 'no_se_presento'), msg.attendanceSaveError)}
            >
              {name} no se presentó
            </button>
          </div>
          {a.hasta ? (
            <p className="field-hint">
              Puedes marcarlo hasta el {formatDateAtTime(a.hasta)}. Solo se muestran totales, nunca tus citas.
            </p>
          ) : null}
        </>
      ) : null}
      {a.mia ? (
        <p className="attendance-line">
          {a.mia === 'concretada'
            ? 'Marcaste que la cita se concretó.'
            : `Marcaste que ${name} no se presentó.`}
          {a.reclamo_de_la_otra_parte ? ` ${theirContestWords[a.reclamo_de_la_otra_parte]}` : ''}
        </p>
      ) : null}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </div>
  );
}

function DisputeForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (texto: string | undefined) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(attendanceDisputeFormSchema, { defaultValues: { texto: '' } });
  const submit = form.handleSubmit((v) => onSubmit(v.texto || undefined));
  return (
    <form className="meeting-inline-form" aria-label="Reclamar la ausencia" onSubmit={(e) => void submit(e)}>
      <TextAreaField
        label="Tu versión para la administración (opcional)"
        rows={3}
        maxLength={attendanceRules.disputeTextMax}
        error={form.formState.errors.texto?.message}
        registration={form.register('texto')}
      />
      <div className="rating-form-actions">
        <button type="submit" className="button" disabled={busy}>
          Enviar reclamo
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Volver
        </button>
      </div>
    </form>
  );
}
