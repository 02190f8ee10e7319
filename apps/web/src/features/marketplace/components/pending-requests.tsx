import { useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import type { RequestItem } from '@encanto/core/marketplace';
import { paths } from '../../../config/paths.ts';
import { setStored, useSession } from '../../../lib/session.ts';
import { acceptRequest, rejectRequest, usePendingRequests, useRefreshMeetings } from '../api/meetings.ts';
import { useTimedMessage } from './use-timed-message.ts';
import { ClientAvatar } from './client-avatar.tsx';
import { BlockButton } from '../../data-rights/components/block-button.tsx';

/**
 * The escort's pending requests on /ProfileUsuario: polled, so a new request
 * appears without reloading. Aceptar runs the whole accept flow in one server
 * call and keeps the returned conversation token under 'token_conversacion'.
 */
export function PendingRequests() {
  const session = useSession();
  const nick = session.role === 'usuario' ? session.nickname : null;
  const query = usePendingRequests(nick);
  const refresh = useRefreshMeetings();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, show] = useTimedMessage(5000);
  if (!nick) return null;

  const run = async (client: string, action: 'accept' | 'reject') => {
    const pair = { nickname_cliente: client, nickname_usuario: nick };
    setBusy(client);
    try {
      if (action === 'accept') {
        const res = await acceptRequest(pair);
        setStored({ token_conversacion: res.token });
        show({ kind: 'success', text: res.mensaje });
      } else {
        await rejectRequest(pair);
        show({ kind: 'success', text: msg.conversationRejected });
      }
    } catch {
      show({
        kind: 'error',
        text: action === 'accept' ? msg.conversationAcceptError : msg.conversationRejectError,
      });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const list = query.data?.solicitudes ?? [];
  return (
    <section className="form-card profile-section requests-section" aria-labelledby="solicitudes-title">
      <h2 id="solicitudes-title">SOLICITUDES PENDIENTES</h2>
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
                onClick={() => void run(r.nickname_cliente, 'reject')}
                disabled={busy !== null}
              >
                Rechazar
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void run(r.nickname_cliente, 'accept')}
                disabled={busy !== null}
              >
                Aceptar
              </button>
              {/* data-rights: block */}
              <BlockButton
                nicknameCliente={r.nickname_cliente}
                onBlocked={(text) => {
                  show({ kind: 'success', text });
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
      <span className="request-nick">{item.nickname_cliente}</span>
      <div className="request-actions">{children}</div>
    </li>
  );
}
