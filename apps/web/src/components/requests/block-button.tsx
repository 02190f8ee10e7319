import { useState } from 'react';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { blockClient } from '../../lib/api/blocks.ts';

/**
 * 'Bloquear' for an escort's request list: asks once, then blocks. The client
 * can no longer request meetings, comment or rate her, and is told nothing but
 * a neutral message. The request lists place it next to a client (onBlocked
 * refreshes the list).
 */
export function BlockButton({
  nicknameCliente,
  onBlocked,
}: {
  nicknameCliente: string;
  onBlocked?: (mensaje: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);

  if (!asking) {
    return (
      <button
        type="button"
        className="button button-secondary dr-block-button"
        onClick={() => setAsking(true)}
      >
        Bloquear
      </button>
    );
  }
  const confirm = () => {
    setError(null);
    return run(() => blockClient({ nickname_cliente: nicknameCliente }), {
      onSuccess: (res) => {
        setAsking(false);
        onBlocked?.(res.mensaje);
      },
      onError: (err) => setError(errorText(err, msg.blockError)),
    });
  };
  return (
    <div className="dr-block-confirm" role="group" aria-label={`Bloquear a ${nicknameCliente}`}>
      <p>
        ¿Bloquear a <strong>{nicknameCliente}</strong>? No podrá pedirte citas, comentarte ni calificarte.
      </p>
      <div className="dr-actions">
        <button type="button" className="button button-danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Bloqueando...' : 'Sí, bloquear'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setAsking(false)}
          disabled={busy}
        >
          Cancelar
        </button>
      </div>
      {error && (
        <p className="message message-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
