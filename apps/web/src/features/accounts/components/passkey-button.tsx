import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { useHydrated } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';

/** "Usar una llave de acceso" (a passkey, in Spanish: decision 0148), shown only where the browser supports WebAuthn (known after hydration). */
export function PasskeyButton<T>({
  login,
  onDone,
  onError,
}: {
  login: () => Promise<T>;
  onDone: (result: T) => void;
  onError: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const { busy, run } = useAction();
  if (!hydrated || !browserSupportsWebAuthn()) return null;
  return (
    <button
      type="button"
      className="button button-secondary button-block"
      disabled={busy}
      onClick={() =>
        void run(login, {
          onSuccess: onDone,
          onError: (err) => onError(errorText(err, msg.passkeyFailed)),
          keepBusyOnSuccess: true,
        })
      }
    >
      Usar una llave de acceso
    </button>
  );
}
