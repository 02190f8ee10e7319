import { Link } from 'react-router';
import { formatDuration, formatMeetingTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { RequestItem } from '@encanto/core/marketplace';
import { lugarLabels, lugarValues, type Lugar } from '@encanto/core/meetings';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/api-client.ts';
import { setStored, useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import {
  acceptRequest,
  rejectRequest,
  usePendingRequests,
  useRefreshMeetings,
} from '../../lib/api/meetings.ts';
import { ClientAvatar } from './client-avatar.tsx';
import { BlockButton } from './block-button.tsx';

const isLugar = (v: string | null | undefined): v is Lugar =>
  typeof v === 'string' && (lugarValues as readonly string[]).includes(v);

/**
 * The escort's pending requests on /ProfileUsuario: polled, so a new request
 * appears without reloading, each with what it asks for (time, duration,
 * place). Aceptar runs the whole accept flow in one server call and keeps the
 * returned conversation token under 'token_conversacion'; proposing another
 * time or rejecting with a reason happen in "Solicitudes".
 */
export function PendingRequests() {
  const session = useSession();
  const nick = session.role === 'usuario' ? session.nickname : null;
  const query = usePendingRequests(nick);
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(5000);
  if (!nick) return null;

  const accept = (client: string) =>
    run(() => acceptRequest({ nickname_cliente: client, nickname_usuario: nick }), {
      onSuccess: (res) => {
        setStored({ token_conversacion: res.token });
        show('success', res.mensaje);
      },
      onError: (err) => show('error', errorText(err, msg.conversationAcceptError)),
    });
  const reject = (client: string) =>
    run(() => rejectRequest({ nickname_cliente: client, nickname_usuario: nick }), {
      onSuccess: () => show('success', msg.conversationRejected),
      onError: () => show('error', msg.conversationRejectError),
    });

  const list = query.data?.solicitudes ?? [];
  return (
    <section className="form-card profile-section requests-section" aria-labelledby="solicitudes-title">
      <div className="requests-head">
        <h2 id="solicitudes-title">SOLICITUDES PENDIENTES</h2>
        <Link to={paths.requests} className="requests-all">
          Ver todas en Solicitudes
        </Link>
      </div>
      <div aria-live="polite" className="message-slot">
        {message ? (
          <p className={`message message-${message.kind}`} data-testid="requests-message">
            {message.text}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="skeleton requests-skeleton" />
      ) : query.isError ? (
        <p className="message message-error">{msg.conversationProcessError}</p>
      ) : list.length === 0 ? (
        <p className="requests-empty">{msg.noPendingRequests}</p>
      ) : (
        <ul className="requests-list" data-testid="pending-requests">
          {list.map((r) => (
            <RequestRow key={r.nickname_cliente} item={r}>
              <Link className="button button-secondary" to={paths.clientCard(r.nickname_cliente)}>
                Ver perfil
              </Link>
              <button
                type="button"
                className="button button-danger"
                onClick={() => void reject(r.nickname_cliente)}
                disabled={busy}
              >
                Rechazar
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void accept(r.nickname_cliente)}
                disabled={busy}
              >
                Aceptar
              </button>
              <BlockButton
                nicknameCliente={r.nickname_cliente}
                onBlocked={(text) => {
                  show('success', text);
                  void refresh();
                }}
              />
            </RequestRow>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RequestRow({ item, children }: { item: RequestItem; children: React.ReactNode }) {
  return (
    <li className="request-row">
      <ClientAvatar url={item.url} nickname={item.nickname_cliente} size={48} />
      <div className="request-who">
        <span className="request-nick">{item.nickname_cliente}</span>
        {item.fecha_hora ? (
          <span className="request-detail">
            {formatMeetingTime(item.fecha_hora)}
            {item.duracion_min ? ` · ${formatDuration(item.duracion_min)}` : ''}
            {isLugar(item.lugar) ? ` · ${lugarLabels.escort[item.lugar]}` : ''}
          </span>
        ) : null}
        {item.mensaje ? <span className="request-message">“{item.mensaje}”</span> : null}
        {item.cita ? (
          <Link className="request-more" to={paths.meeting(item.cita)}>
            Ver detalle
          </Link>
        ) : null}
      </div>
      <div className="request-actions">{children}</div>
    </li>
  );
}
