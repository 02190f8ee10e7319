import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { dismissClient, useClientsToRate, useRefreshMeetings } from '../../lib/api/meetings.ts';
import { RequestRow } from './pending-requests.tsx';

/**
 * 'PENDIENTES POR CALIFICAR': clients the escort accepted and has not rated.
 * 'Ver perfil y calificar' opens the client card with its rating panel;
 * 'Ignorar' closes the conversation and drops the client from the list.
 */
export function ClientsToRate({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const session = useSession();
  const nick = session.role === 'usuario' ? session.nickname : null;
  const query = useClientsToRate(nick);
  const refresh = useRefreshMeetings();
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(5000);
  if (!nick) return null;

  const ignore = (client: string) =>
    run(() => dismissClient({ nickname_cliente: client, nickname_usuario: nick }), {
      onSuccess: () => show('success', msg.conversationClosed),
      onError: () => show('error', msg.conversationCloseError),
    });

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const list = query.data?.clientes ?? [];
  return (
    <section className="form-card profile-section requests-section" aria-labelledby="por-calificar-title">
      <Heading id="por-calificar-title" className={headingLevel === 1 ? 'page-title' : undefined}>
        PENDIENTES POR CALIFICAR
      </Heading>
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
      {query.isPending ? (
        <div className="skeleton requests-skeleton" />
      ) : list.length === 0 || query.isError ? (
        <p className="requests-empty">{msg.noAcceptedClients}</p>
      ) : (
        <ul className="requests-list" data-testid="clients-to-rate">
          {list.map((r) => (
            <RequestRow key={r.nickname_cliente} item={r}>
              <Link className="button" to={paths.clientCard(r.nickname_cliente)}>
                Ver perfil y calificar
              </Link>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void ignore(r.nickname_cliente)}
                disabled={busy}
              >
                Ignorar
              </button>
            </RequestRow>
          ))}
        </ul>
      )}
    </section>
  );
}
