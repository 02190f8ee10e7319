import { useState } from 'react';
import { Link } from 'react-router';
import { alertCategoryLabels } from '@encanto/core/alerts';
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
import { fileAlert } from '../../../lib/api/alerts.ts';
import { AlertForm } from './alert-form.tsx';
import { ProposeForm } from './propose-form.tsx';
import { RejectForm } from './reject-form.tsx';

const alertStatusWords = {
  pendiente: 'en revisión.',
  confirmada: 'confirmada. Gracias por cuidar a las demás.',
  descartada: 'revisada, sin confirmar.',
  retirada: 'retirada por la administración.',
} as const;

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
  const [form, setForm] = useState<'proponer' | 'rechazar' | 'alertar' | null>(null);
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

  // The answers the server may offer, in the order they are shown; `can` picks the ones it listed.
  const buttons: {
    action: MyMeeting['acciones'][number];
    label: string;
    className: string;
    onClick: () => unknown;
  }[] = [
    {
      action: 'aceptar',
      label: 'Aceptar',
      className: 'button',
      onClick: () =>
        act(
          () => acceptRequest(pair),
          (r) => {
            setStored({ token_conversacion: r.token });
            return r.mensaje;
          },
          msg.conversationAcceptError,
        ),
    },
    {
      action: 'aceptar_propuesta',
      label: 'Aceptar nueva hora',
      className: 'button',
      onClick: () =>
        act(
          () => acceptProposal(pair),
          () => msg.proposalAccepted,
          msg.proposalAcceptError,
        ),
    },
    {
      action: 'proponer',
      label: m.propuesta ? 'Cambiar propuesta' : 'Proponer otra hora',
      className: 'button button-secondary',
      onClick: () => setForm('proponer'),
    },
    {
      action: 'rechazar',
      label: 'Rechazar',
      className: 'button button-danger',
      onClick: () => setForm('rechazar'),
    },
    {
      action: 'cancelar',
      label: msg.requestCancelLink,
      className: 'button button-secondary',
      onClick: () =>
        act(
          () => cancelRequest(pair),
          () => msg.requestCancelled,
          msg.requestCancelError,
        ),
    },
  ];

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
      ) : form === 'alertar' ? (
        <AlertForm
          busy={busy}
          onCancel={() => setForm(null)}
          onSubmit={(values) =>
            act(
              () => fileAlert({ cita_id: m.id, ...values }),
              (r) => r.mensaje,
              msg.alertFileError,
            )
          }
        />
      ) : (
        <div className="meeting-buttons">
          {buttons
            .filter((b) => can(b.action))
            .map((b) => (
              <button
                key={b.action}
                type="button"
                className={b.className}
                disabled={busy}
                onClick={() => void b.onClick()}
              >
                {b.label}
              </button>
            ))}
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
          {m.puede_alertar ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setForm('alertar')}
            >
              Alerta de seguridad
            </button>
          ) : null}
        </div>
      )}
      {m.mi_alerta && form !== 'alertar' ? (
        <p className="alert-sent" data-testid="alert-sent">
          Enviaste una alerta de seguridad sobre esta cita ({alertCategoryLabels[m.mi_alerta.categoria]}):{' '}
          {alertStatusWords[m.mi_alerta.estado]}
        </p>
      ) : null}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </div>
  );
}
