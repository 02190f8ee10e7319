import { useId } from 'react';
import type { z } from 'zod';
import { formatDateTime, formatMeetingTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import {
  CHECKIN_MAX_MS,
  CHECKIN_MIN_MS,
  checkinFormSchema,
  type Checkin,
  type CheckinForm,
} from '@encanto/core/safety';
import { errorText } from '../../lib/api-client.ts';
import { useMyMeetings } from '../../lib/api/meetings.ts';
import { checkinsPath, closeCheckin, startCheckin, useCheckins, useRefresh } from '../../lib/api/safety.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';

const hours = [0.5, 1, 2, 3, 4, 6, 8, 12];
const hoursLabel = (h: number) => (h < 1 ? '30 minutos' : h === 1 ? '1 hora' : `${h} horas`);
const estadoLabel = (c: Checkin) =>
  c.estado === 'activo'
    ? 'Activo'
    : c.estado === 'cerrado'
      ? 'Cerrado: estabas bien'
      : c.contacto_avisado
        ? 'Vencido: avisamos a tu contacto'
        : 'Vencido: tu contacto no había confirmado, así que no pudimos avisarle';

function CheckinItem({ c, busy, onClose }: { c: Checkin; busy: boolean; onClose: () => void }) {
  return (
    <li className="safety-item">
      <h3>
        {estadoLabel(c)} · vence {formatDateTime(c.vence)}
      </h3>
      <p className="safety-meta">
        Contacto: {c.contacto_email}
        {c.contacto_confirmado
          ? ' (confirmado)'
          : c.estado === 'activo'
            ? ' — aún no confirma que acepta ser tu contacto: si no lo hace antes de la hora, no podremos avisarle'
            : ''}
      </p>
      {c.cita ? (
        <p className="safety-meta">
          Cita con {c.cita.cliente}
          {c.cita.fecha_hora ? `, ${formatMeetingTime(c.cita.fecha_hora)}` : ''}
          {c.cita.lugar ? `, ${c.cita.lugar}` : ''}
        </p>
      ) : null}
      {c.nota ? <p className="safety-meta">Nota: {c.nota}</p> : null}
      {c.estado === 'activo' ? (
        <button type="button" className="button" disabled={busy} onClick={onClose}>
          Estoy bien
        </button>
      ) : null}
    </li>
  );
}

/**
 * "Aviso de seguridad" on the escort's profile: before a meeting she sets a
 * time; if she does not press "Estoy bien" by then, her trusted contact gets a
 * mail with what she chose to share here, once the contact has accepted from
 * the invitation. The site only mails for approved accounts, so until hers is
 * approved the section says so instead of offering the form.
 */
export function CheckinSection({ approved }: { approved: boolean }) {
  const id = useId();
  const list = useCheckins(approved);
  const meetings = useMyMeetings();
  const { busy, run } = useAction(useRefresh(checkinsPath));
  const [message, show] = useTimedMessage(6000);
  const form = useSchemaForm<CheckinForm, z.output<typeof checkinFormSchema>>(checkinFormSchema, {
    defaultValues: { horas: '2', contacto_email: '', cita_id: '', nota: '' },
  });

  const accepted = (meetings.data?.citas ?? []).filter((m) => m.estado === 'aceptada' && m.rol === 'escort');

  // The contact's address is checked here with the API's own rule and words; the rest by the server.
  const submit = form.handleSubmit(
    async ({ horas, contacto_email, cita_id, nota }) => {
      const ms = Math.min(Math.max(Number(horas) * 3_600_000, CHECKIN_MIN_MS), CHECKIN_MAX_MS);
      await run(
        () =>
          startCheckin({
            vence: new Date(Date.now() + ms).toISOString(),
            contacto_email,
            ...(cita_id ? { cita_id } : {}),
            ...(nota ? { nota } : {}),
          }),
        {
          onSuccess: () => {
            show('success', msg.checkinStarted);
            form.resetField('nota');
          },
          onError: (err) => show('error', errorText(err, msg.genericRetry)),
        },
      );
    },
    (errors) => show('error', firstErrorOf(errors) ?? msg.genericRetry),
  );

  return (
    <section
      id="aviso-seguridad"
      tabIndex={-1}
      className="form-card profile-section"
      aria-labelledby={`${id}-t`}
    >
      <h2 id={`${id}-t`}>AVISO DE SEGURIDAD</h2>
      <p className="field-hint">
        Antes de una cita, elige en cuánto tiempo confirmarás que estás bien. Si no presionas «Estoy bien» a
        tiempo, le escribimos a tu contacto de confianza con los datos que compartas aquí. Te recordamos 10
        minutos antes.
      </p>
      {!approved ? (
        <p className="field-hint">Podrás usar el aviso de seguridad cuando tu cuenta esté autorizada.</p>
      ) : (
        <>
          <p className="field-hint">
            La primera vez que eliges a alguien, le pedimos por correo que acepte ser tu contacto: solo le
            escribimos si aceptó. Tu nota le llega como texto, sin enlaces activos.
          </p>
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="field">
              <label htmlFor={`${id}-h`}>Confirmaré que estoy bien en</label>
              <select id={`${id}-h`} {...form.register('horas')} {...form.seed('horas')}>
                {hours.map((h) => (
                  <option key={h} value={h}>
                    {hoursLabel(h)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-e`}>Correo de tu contacto de confianza</label>
              <input
                id={`${id}-e`}
                type="email"
                inputMode="email"
                autoComplete="email"
                {...form.register('contacto_email')}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-c`}>Cita (opcional: comparte hora, lugar y cliente)</label>
              <select id={`${id}-c`} {...form.register('cita_id')}>
                <option value="">Sin cita</option>
                {accepted.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.otra_parte.nickname}
                    {m.fecha_hora ? ` · ${formatMeetingTime(m.fecha_hora)}` : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-n`}>Nota para tu contacto (opcional)</label>
              <textarea
                id={`${id}-n`}
                rows={2}
                maxLength={500}
                placeholder="Por ejemplo: dirección o número de habitación"
                {...form.register('nota')}
              />
            </div>
            <button type="submit" className="button" disabled={busy}>
              Activar aviso
            </button>
          </form>
        </>
      )}
      <div aria-live="polite" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
      {list.data && list.data.length > 0 ? (
        <ul className="safety-list" aria-label="Mis avisos">
          {list.data.map((c) => (
            <CheckinItem
              key={c.id}
              c={c}
              busy={busy}
              onClose={() =>
                void run(() => closeCheckin(c.id), {
                  onSuccess: (res) => show('success', res.mensaje),
                  onError: (err) => show('error', errorText(err, msg.genericRetry)),
                })
              }
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
