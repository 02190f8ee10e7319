import { useId } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { addPasskey, deletePasskey, usePasskeys } from '../../lib/api/security.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { useHydrated } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useWithProof } from './fresh-proof.tsx';

/**
 * "Passkeys": log in with the phone's or computer's lock (fingerprint, face, PIN) and no password;
 * a passkey also serves as the second step. Adding or removing one signs the other devices out.
 */
export function PasskeysBlock({ onSessionsChanged }: { onSessionsChanged: () => void }) {
  const id = useId();
  const hydrated = useHydrated();
  const list = usePasskeys();
  const { busyKey, run } = useAction<string>(() => list.refetch());
  const [flash, show] = useTimedMessage(6000);
  const withProof = useWithProof();
  // Known only in the browser: the server render and hydration show no button.
  const supported = hydrated && browserSupportsWebAuthn();
  const fail = (err: unknown) => show('error', errorText(err, msg.passkeyFailed));

  return (
    <div className="sec-block" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Llaves de acceso</h3>
      <p className="sec-status">
        Ingresa sin contraseña con el bloqueo de tu teléfono o computador (huella, rostro o PIN).
      </p>
      {list.isPending ? (
        <div className="skeleton dr-skeleton" aria-hidden="true" />
      ) : (list.data ?? []).length === 0 ? (
        <p className="field-hint">Aún no tienes llaves de acceso.</p>
      ) : (
        <ul className="sec-list" aria-label="Tus llaves de acceso">
          {(list.data ?? []).map((p) => (
            <li key={p.id} className="sec-row">
              <div className="sec-row-main">
                <strong>{p.nombre}</strong>
                <span className="sec-row-meta">
                  Creada {formatDateTime(p.creada)} ·{' '}
                  {p.ultimo_uso ? `último uso ${formatDateTime(p.ultimo_uso)}` : 'sin usar aún'}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary"
                disabled={busyKey !== null}
                aria-label={`Eliminar la llave de acceso ${p.nombre}`}
                onClick={() =>
                  void run(
                    () => withProof(() => deletePasskey(p.id)),
                    {
                      onSuccess: () => {
                        show('success', 'Llave de acceso eliminada.');
                        onSessionsChanged();
                      },
                      onError: fail,
                    },
                    p.id,
                  )
                }
              >
                Eliminar
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <button
          type="button"
          className="button"
          disabled={busyKey !== null}
          onClick={() =>
            void run(
              () => withProof(addPasskey),
              {
                onSuccess: () => {
                  show('success', 'Llave de acceso agregada.');
                  onSessionsChanged();
                },
                onError: fail,
              },
              'add',
            )
          }
        >
          Agregar una llave de acceso
        </button>
      ) : hydrated ? (
        <p className="field-hint">Este navegador no permite llaves de acceso.</p>
      ) : null}
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
