import { useId } from 'react';
import { msg } from '@encanto/core/messages';
import type { SessionInfo } from '@encanto/core/two-factor';
import { errorText } from '../../lib/api-client.ts';
import { endOtherSessions, endSession } from '../../lib/api/security.ts';
import { deletePushSubscriptionById, usePushSubscriptions } from '../../lib/api/push.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';

/** "Sesiones activas": where the account is signed in, with a way to close any other device. */
export function SessionsBlock({
  sessions,
  loading,
  refresh,
}: {
  sessions: SessionInfo[] | undefined;
  loading: boolean;
  refresh: () => Promise<unknown>;
}) {
  const id = useId();
  // Devices that get push notices, shown on their session's row and removable there (decision 0168).
  const pushes = usePushSubscriptions();
  const { busyKey, run } = useAction<string>(() => Promise.all([refresh(), pushes.refetch()]));
  const [flash, show] = useTimedMessage(6000);
  const others = (sessions ?? []).filter((s) => !s.actual).length;
  const fail = (err: unknown) => show('error', errorText(err, msg.genericRetry));
  const pushOf = (sessionId: string) => pushes.data?.find((p) => p.sesion === sessionId);

  return (
    <div className="sec-block" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Sesiones activas</h3>
      {loading ? (
        <div className="skeleton dr-skeleton" aria-hidden="true" />
      ) : (
        <ul className="sec-list">
          {(sessions ?? []).map((s) => (
            <li key={s.id} className="sec-row">
              <div className="sec-row-main">
                <strong>
                  {s.dispositivo}
                  {s.actual ? ' (este dispositivo)' : ''}
                </strong>
                <span className="sec-row-meta">
                  Inició {formatDateTime(s.creada)} · última actividad {formatDateTime(s.ultima_actividad)}
                </span>
                {pushOf(s.id) && <span className="sec-row-meta sec-push">Recibe avisos en el teléfono</span>}
              </div>
              {pushOf(s.id) && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busyKey !== null}
                  aria-label={`Quitar los avisos de ${s.dispositivo}`}
                  onClick={() =>
                    void run(
                      () => deletePushSubscriptionById(pushOf(s.id)!.id),
                      { onSuccess: () => show('success', msg.pushDisabled), onError: fail },
                      `push-${s.id}`,
                    )
                  }
                >
                  Quitar avisos
                </button>
              )}
              {!s.actual && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busyKey !== null}
                  aria-label={`Cerrar la sesión de ${s.dispositivo}`}
                  onClick={() =>
                    void run(
                      () => endSession(s.id),
                      { onSuccess: () => show('success', 'Sesión cerrada.'), onError: fail },
                      s.id,
                    )
                  }
                >
                  Cerrar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <button
          type="button"
          className="button button-secondary"
          disabled={busyKey !== null}
          onClick={() =>
            void run(
              endOtherSessions,
              { onSuccess: () => show('success', 'Cerramos las demás sesiones.'), onError: fail },
              'all',
            )
          }
        >
          Cerrar las demás sesiones
        </button>
      )}
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
