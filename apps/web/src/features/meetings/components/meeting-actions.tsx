import { useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import type { MyMeeting } from '@encanto/core/meetings';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { setStored, useSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import {
  acceptProposal,
  acceptRequest,
  cancelRequest,
  proposeTime,
  rejectRequest,
  useRefreshMeetings,
} from '../../../lib/api/meetings.ts';
import { ProposeForm } from './propose-form.tsx';
import { RejectForm } from './reject-form.tsx';

/** Where each side rates the other: the client on her card, the escort on his client card. */
export const reviewPath = (m: MyMeeting) =>
  m.rol === 'client'
    ? `${paths.card(m.otra_parte.nickname)}#calificaciones`
    : paths.clientCard(m.otra_parte.nickname);

/**
 * What the caller can do next with a meeting, as the server lists it: answer a
 * request (accept, propose another time, reject with a reason), answer a
 * proposal (accept it, cancel), or open the conversation and review.
 */
export function MeetingActions({ meeting: m, onPage = false }: { meeting: MyMeeting; onPage?: boolean }) {
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(5000);
  const [form, setForm] = useState<'proponer' | 'rechazar' | null>(null);
  const own = useSession().nickname ?? '';
  const pair =
    m.rol === 'client'
      ? { nickname_cliente: own, nickname_usuario: m.otra_parte.nickname }
      : { nickname_cliente: m.otra_parte.nickname, nickname_usuario: own };
  const can = (a: MyMeeting['acciones'][number]) => m.acciones.includes(a);
  const act = <T,>(work: () => Promise<T>, ok: (r: T) => string, fail: string) =>
    run(work, {
      onSuccess: (r) => {
        setForm(null);
        show('success', ok(r));
      },
      onError: (err) => show('error', errorText(err, fail)),
    });

  return (
    <div className="meeting-actions">
      {form === 'proponer' ? (
        <ProposeForm
          from={m.propuesta?.fecha_hora ?? m.fecha_hora}
          onCancel={() => setForm(null)}
          onSubmit={(fecha) =>
            act(
              () => proposeTime(pair, fecha),
              () => msg.proposalSent,
              msg.proposalError,
            )
          }
        />
      ) : form === 'rechazar' ? (
        <RejectForm
          busy={busy}
          onCancel={() => setForm(null)}
          onSubmit={(motivo) =>
            act(
              () => rejectRequest(pair, motivo || undefined),
              () => msg.conversationRejected,
              msg.conversationRejectError,
            )
          }
        />
      ) : (
        <div className="meeting-buttons">
          {can('aceptar') ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => acceptRequest(pair),
                  (r) => {
                    setStored({ token_conversacion: r.token });
                    return r.mensaje;
                  },
                  msg.conversationAcceptError,
                )
              }
            >
              Aceptar
            </button>
          ) : null}
          {can('aceptar_propuesta') ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => acceptProposal(pair),
                  () => msg.proposalAccepted,
                  msg.proposalAcceptError,
                )
              }
            >
              Aceptar nueva hora
            </button>
          ) : null}
          {can('proponer') ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setForm('proponer')}
            >
              {m.propuesta ? 'Cambiar propuesta' : 'Proponer otra hora'}
            </button>
          ) : null}
          {can('rechazar') ? (
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => setForm('rechazar')}
            >
              Rechazar
            </button>
          ) : null}
          {can('cancelar') ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() =>
                void act(
                  () => cancelRequest(pair),
                  () => msg.requestCancelled,
                  msg.requestCancelError,
                )
              }
            >
              {msg.requestCancelLink}
            </button>
          ) : null}
          {!onPage && can('conversar') ? (
            <Link className="button button-secondary" to={paths.meeting(m.id)}>
              Conversar{m.no_leidos > 0 ? ` (${m.no_leidos})` : ''}
            </Link>
          ) : null}
          {!onPage && (can('calificar') || can('comentar')) ? (
            <Link className="button button-secondary" to={reviewPath(m)}>
              Calificar
            </Link>
          ) : null}
        </div>
      )}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </div>
  );
}
