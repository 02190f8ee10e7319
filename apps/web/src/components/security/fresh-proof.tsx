import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type BaseSyntheticEvent,
} from 'react';
import { msg } from '@encanto/core/messages';
import { reauthFormSchema } from '@encanto/core/two-factor';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { reauthenticate } from '../../lib/api/security.ts';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';
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
  const form = useSchemaForm(reauthFormSchema, { defaultValues: { pass: '' } });
  const [error, setError] = useState('');
  // Busy while the proof is checked: the form's own isSubmitting lasts until the answer.
  const busy = form.formState.isSubmitting;

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
  }, []);

  const submit = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(
      async ({ pass }) => {
        setError('');
        await reauthenticate(pass).then(
          () => {
            dialog.current?.close();
            pending.retry();
          },
          (err: unknown) => setError(errorText(err, msg.reauthPasswordWrong)),
        );
      },
      (errors) => setError(firstErrorOf(errors) ?? msg.completeAllFields),
    )(e);

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
      <form className="form dr-dialog-body" onSubmit={(e) => void submit(e)} noValidate>
        <p className="field-hint">
          Para cambiar la seguridad de tu cuenta, escribe tu contraseña. No te la volveremos a pedir en los
          próximos 5 minutos.
        </p>
        <div className="field">
          <label htmlFor={`${id}-pass`}>Contraseña</label>
          <PasswordInput
            id={`${id}-pass`}
            autoComplete="current-password"
            {...form.register('pass')}
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
