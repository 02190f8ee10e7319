import { useState } from 'react';
import { msg } from '@encanto/core/messages';
import { notificationKindsFor, notificationLabels, type NotificationKind } from '@encanto/core/notifications';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { saveNotificationPrefs, useNotificationPrefs } from '../../lib/api/notifications.ts';
import { KindSwitches } from './kind-switches.tsx';

/**
 * 'Avisos por correo': which notification mails the account gets, one switch
 * per kind that concerns its side, saved as it changes. Self-contained (its
 * own data and messages), so any settings layout can place it.
 */
export function NotificationSettings() {
  const session = useSession();
  const side = session.role === 'usuario' ? 'escort' : session.role === 'cliente' ? 'client' : null;
  const prefs = useNotificationPrefs();
  const { busyKey, run } = useAction<NotificationKind>(prefs.refetch);
  const [message, show] = useTimedMessage(4000);
  // The switch moves at once; the saved value (or the old one, on failure) replaces it after the refetch.
  const [moving, setMoving] = useState<Partial<Record<NotificationKind, boolean>>>({});
  if (!side) return null;

  const toggle = async (kind: NotificationKind, on: boolean) => {
    setMoving((m) => ({ ...m, [kind]: on }));
    await run(
      () => saveNotificationPrefs({ [kind]: on }),
      {
        onSuccess: () => show('success', msg.notificationsSaved),
        onError: (err) => show('error', errorText(err, msg.notificationsError)),
      },
      kind,
    );
    // Only once the refetch has brought the saved value: dropping it earlier (onSettled runs before the
    // refresh) showed the old value for a moment, a flicker a quick click could read as "not changed".
    setMoving(({ [kind]: _done, ...rest }) => rest as Partial<Record<NotificationKind, boolean>>);
  };

  return (
    <section
      id="notificaciones"
      tabIndex={-1}
      className="form-card profile-section notification-settings"
      aria-labelledby="notificaciones-title"
    >
      <h2 id="notificaciones-title">AVISOS POR CORREO</h2>
      <p className="field-hint notification-intro">
        Los correos son discretos: solo dicen que tienes una novedad en tu cuenta. Cada uno trae un enlace
        para dejar de recibirlos.
      </p>
      {prefs.isPending ? (
        <div className="skeleton notification-skeleton" />
      ) : prefs.isError ? (
        <p className="message message-error">{errorText(prefs.error, msg.notificationsError)}</p>
      ) : (
        <KindSwitches
          kinds={notificationKindsFor[side]}
          labels={notificationLabels}
          checked={(kind) => moving[kind] ?? prefs.data[kind]}
          busyKey={busyKey}
          onToggle={(kind, on) => void toggle(kind, on)}
        />
      )}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </section>
  );
}
