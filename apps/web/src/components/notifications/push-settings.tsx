import { useEffect, useState, useSyncExternalStore } from 'react';
import { msg } from '@encanto/core/messages';
import { pushKindsFor, pushLabels, type PushKind, type PushPrefs } from '@encanto/core/push';
import { errorText } from '../../lib/api-client.ts';
import {
  deletePushSubscription,
  fetchPushKey,
  savePushPrefs,
  savePushSubscription,
  usePushPrefs,
} from '../../lib/api/push.ts';
import {
  currentPushSubscription,
  pushSupport,
  subscribeThisBrowser,
  type PushSupport,
} from '../../lib/pwa.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { KindSwitches, SwitchRow } from './kind-switches.tsx';

type Switch = PushKind | 'detalles';

/** The browser's support does not change while the page is open (a refusal is tracked apart). */
const noChanges = () => () => undefined;

/** Why this device cannot get notices, in her words. */
const unavailable: Record<Exclude<PushSupport, 'ready'>, string> = {
  denied: msg.pushDenied,
  'ios-install': msg.pushNotSupported,
  unsupported: msg.pushNotSupported,
};

/**
 * 'Avisos en el teléfono' (decisions 0168, 0169): turns notices on or off for this device (the browser asks
 * for permission), then which kinds arrive by push and whether they show details. Beside the mail switches
 * of NotificationSettings, with its own data and messages.
 */
export function PushSettings() {
  const session = useSession();
  const side = session.role === 'usuario' ? 'escort' : session.role === 'cliente' ? 'client' : null;
  const prefs = usePushPrefs();
  const { busyKey, run } = useAction<Switch | 'device'>(prefs.refetch);
  const [message, show] = useTimedMessage(5000);
  const [moving, setMoving] = useState<Partial<Record<Switch, boolean>>>({});
  // Known only in the browser (null in the server's HTML): whether it can, and whether it already does.
  const browserSupport = useSyncExternalStore(noChanges, pushSupport, () => null);
  const [refused, setRefused] = useState(false);
  const support: PushSupport | null = refused ? 'denied' : browserSupport;
  const [endpoint, setEndpoint] = useState<string | null>(null);

  useEffect(() => {
    void currentPushSubscription().then((s) => setEndpoint(s?.endpoint ?? null));
  }, []);

  if (!side) return null;

  const toggle = async (key: Switch, on: boolean) => {
    setMoving((m) => ({ ...m, [key]: on }));
    await run(
      () => savePushPrefs({ [key]: on }),
      {
        onSuccess: () => show('success', msg.notificationsSaved),
        onError: (err) => show('error', errorText(err, msg.notificationsError)),
      },
      key,
    );
    setMoving(({ [key]: _done, ...rest }) => rest as Partial<Record<Switch, boolean>>);
  };

  const enable = () =>
    run(
      async () => {
        const subscription = await subscribeThisBrowser(await fetchPushKey());
        if (!subscription) {
          setRefused(true);
          return false;
        }
        await savePushSubscription(subscription);
        setEndpoint(subscription.endpoint);
        return true;
      },
      {
        onSuccess: (on) => (on ? show('success', msg.pushEnabled) : show('error', msg.pushDenied)),
        onError: (err) => show('error', errorText(err, msg.pushError)),
      },
      'device',
    );

  const disable = () =>
    run(
      async () => {
        const subscription = await currentPushSubscription();
        await subscription?.unsubscribe();
        if (endpoint) await deletePushSubscription(endpoint).catch(() => undefined);
        setEndpoint(null);
      },
      {
        onSuccess: () => show('success', msg.pushDisabled),
        onError: (err) => show('error', errorText(err, msg.pushError)),
      },
      'device',
    );

  const checked = (key: Switch, data: PushPrefs) => moving[key] ?? data[key];

  return (
    <section
      id="avisos-telefono"
      tabIndex={-1}
      className="form-card profile-section notification-settings push-settings"
      aria-labelledby="avisos-telefono-title"
    >
      <h2 id="avisos-telefono-title">AVISOS EN EL TELÉFONO</h2>
      <p className="field-hint notification-intro">
        Llegan al instante, aunque no tengas el sitio abierto. Por defecto solo dicen «Tienes una novedad»;
        nadie que mire tu pantalla sabrá de qué se trata.
      </p>
      <div className="push-device">
        {support === null ? (
          <div className="skeleton push-device-skeleton" aria-hidden="true" />
        ) : support !== 'ready' ? (
          <p className="push-unavailable">{unavailable[support]}</p>
        ) : endpoint ? (
          <>
            <p className="push-device-state">
              <span className="push-dot" aria-hidden="true" /> Este dispositivo recibe avisos.
            </p>
            <button
              type="button"
              className="button button-secondary"
              disabled={busyKey !== null}
              onClick={() => void disable()}
            >
              Desactivar en este dispositivo
            </button>
          </>
        ) : (
          <button type="button" className="button" disabled={busyKey !== null} onClick={() => void enable()}>
            Activar avisos en este dispositivo
          </button>
        )}
      </div>
      {prefs.isPending ? (
        <div className="skeleton notification-skeleton" />
      ) : prefs.isError ? (
        <p className="message message-error">{errorText(prefs.error, msg.notificationsError)}</p>
      ) : (
        <KindSwitches
          kinds={pushKindsFor[side]}
          labels={pushLabels}
          checked={(kind) => checked(kind, prefs.data)}
          busyKey={busyKey}
          onToggle={(kind, on) => void toggle(kind, on)}
        >
          <SwitchRow
            className="push-details"
            title="Mostrar detalles"
            hint="El aviso dice qué pasó (por ejemplo, «Aceptaron tu solicitud de cita»), nunca nombres de clientes."
            checked={checked('detalles', prefs.data)}
            disabled={busyKey === 'detalles'}
            onChange={(on) => void toggle('detalles', on)}
          />
        </KindSwitches>
      )}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </section>
  );
}
