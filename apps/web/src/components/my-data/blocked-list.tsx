import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { unblockClient } from '../../lib/api/blocks.ts';
import { formatDate } from '@encanto/core/chile-time';

/** Clients the escort blocked, each with 'Desbloquear'. */
export function BlockedList({
  blocked,
  onChanged,
}: {
  blocked: { nickname_cliente: string; desde: string }[];
  onChanged: () => Promise<unknown>;
}) {
  const { busy, run } = useAction(onChanged);
  const [flash, show] = useTimedMessage(5000);
  const unblock = (nickname: string) =>
    run(() => unblockClient({ nickname_cliente: nickname }), {
      onSuccess: (res) => show('success', res.mensaje),
      onError: (err) => show('error', errorText(err, 'No se pudo desbloquear. Inténtalo de nuevo.')),
    });
  return (
    <div className="dr-block">
      <h3>Clientes bloqueados</h3>
      {blocked.length === 0 ? (
        <p className="field-hint">
          No has bloqueado a nadie. Puedes hacerlo desde tus solicitudes pendientes.
        </p>
      ) : (
        <ul className="dr-requests" data-testid="blocked-list">
          {blocked.map((b) => (
            <li key={b.nickname_cliente} className="dr-request">
              <span>
                <strong>{b.nickname_cliente}</strong>
                <span className="dr-request-meta"> · desde el {formatDate(b.desde)}</span>
              </span>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void unblock(b.nickname_cliente)}
                disabled={busy}
              >
                Desbloquear
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
