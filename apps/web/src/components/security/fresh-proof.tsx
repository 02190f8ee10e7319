import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { msg } from '@encanto/core/messages';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { reauthenticate } from '../../lib/api/security.ts';
import { PasswordInput } from '../password-input.tsx';

type WithProof = <T>(work: () => Promise<T>) => Promise<T>;

interface Pending {
  retry: () => void;
  cancel: () => void;
}

const FreshProofContext = createContext<WithProof>((work) => work());

/**
 * Runs a factor change; when the server asks for a fresh proof (REAUTH_REQUIRED: the session gave no
 * password in the last 5 minutes), asks for the password in a dialog and runs the same change again.
 * Cancelling the dialog fails the change with the server's words.
 */
export const useWithProof = () => useContext(FreshProofContext);

export function FreshProofProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const withProof = useCallback<WithProof>(
    (work) =>
      work().catch((err: unknown) => {
        if (!(err instanceof ApiError && err.code === 'REAUTH_REQUIRED')) throw err;
        return new Promise((resolve, reject) => {
          setPending({
            retry: () => {
              setPending(null);
              work().then(resolve, reject);
            },
            cancel: () => {
              setPending(null);
              reject(err);
            },
          });
        });
      }),
    [],
  );
  return (
    <FreshProofContext.Provider value={withProof}>
      {children}
      {pending ? <ProofDialog pending={pending} /> : null}
    </FreshProofContext.Provider>
  );
}

function ProofDialog({ pending }: { pending: Pending }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pass, setPass] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pass) {
      setError(msg.completeAllFields);
      return;
    }
    setBusy(true);
    setError('');
    reauthenticate(pass).then(
      () => {
        setBusy(false);
        dialog.current?.close();
        pending.retry();
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err, msg.reauthPasswordWrong));
      },
    );
  };

  return (
    <dialog
      ref={dialog}
      className="dr-dialog proof-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={pending.cancel}
    >
      <div className="dr-dialog-head">
        <h2 id={`${id}-title`}>Confirma que eres tú</h2>
        <button
          type="button"
          className="dr-dialog-close"
          aria-label="Cerrar"
          onClick={() => {
            dialog.current?.close();
            pending.cancel();
          }}
        >
          ×
        </button>
      </div>
      <form className="form dr-dialog-body" onSubmit={submit} noValidate>
        <p className="field-hint">
          Para cambiar la seguridad de tu cuenta, escribe tu contraseña. No te la volveremos a pedir en los
          próximos 5 minutos.
        </p>
        <div className="field">
          <label htmlFor={`${id}-pass`}>Contraseña</label>
          <PasswordInput
            id={`${id}-pass`}
            autoComplete="current-password"
            value={pass}
            onChange={(e) => setPass(e.target.value)}
            autoFocus
          />
        </div>
        <div aria-live="assertive">{error ? <p className="message message-error">{error}</p> : null}</div>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Confirmar
        </button>
      </form>
    </dialog>
  );
}
