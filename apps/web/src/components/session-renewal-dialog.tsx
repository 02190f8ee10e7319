import { useEffect, useId, useRef, useState } from 'react';
import { sessionRenewalSchema, type SessionRenewalInput } from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { errorText, handleSessionRenewal } from '../lib/api-client.ts';
import { renewSession } from '../lib/api/session-renewal.ts';
import { getStored } from '../lib/session.ts';
import { useSchemaForm } from '../lib/use-schema-form.ts';
import { PasswordInput } from './password-input.tsx';

/**
 * The password, asked in place when a write finds the session ended (decision 0144). The API client
 * (lib/api-client.ts) waits on it: once signed in again it sends the same request, so the screen that
 * saved never learns the session had ended and its form keeps every value. Cancelling gives the
 * screen the original refusal.
 */
export default function SessionRenewalDialog() {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [answer, setAnswer] = useState<{ resolve: (ok: boolean) => void } | null>(null);
  const [error, setError] = useState('');
  const form = useSchemaForm<SessionRenewalInput>(sessionRenewalSchema, { defaultValues: { pass: '' } });

  useEffect(() => {
    // Several writes at once wait on the same question.
    let waiting: Promise<boolean> | null = null;
    handleSessionRenewal(() => {
      waiting ??= new Promise<boolean>((resolve) => {
        setAnswer({
          resolve: (ok) => {
            waiting = null;
            setAnswer(null);
            resolve(ok);
          },
        });
      });
      return waiting;
    });
    return () => handleSessionRenewal(null);
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (answer && !d.open) d.showModal();
    if (!answer && d.open) d.close();
  }, [answer]);

  const finish = (ok: boolean) => {
    form.reset({ pass: '' });
    setError('');
    answer?.resolve(ok);
  };

  const onSubmit = form.handleSubmit(
    async ({ pass }) => {
      setError('');
      try {
        const outcome = await renewSession(pass);
        if (outcome === 'ok') finish(true);
        else setError(msg.sessionRenewSecondFactor);
      } catch (err) {
        setError(errorText(err, msg.genericRetry));
      }
    },
    (errors) => setError(errors.pass?.message ?? ''),
  );

  return (
    <dialog
      ref={dialog}
      className="session-renewal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        finish(false);
      }}
    >
      {/* Its fields exist only while it asks: a closed dialog's password field would be one more
          "Contraseña" on every signed-in page, for password managers and for anyone reading by label. */}
      {answer ? (
        <>
          <h2 id={`${id}-title`} className="session-renewal-title">
            {msg.sessionRenewTitle}
          </h2>
          <p id={`${id}-text`}>{msg.sessionRenewText}</p>
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            {/* The account's e-mail, for the browser's password manager. */}
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={getStored('email') ?? ''}
              readOnly
              hidden
            />
            <div className="field">
              <label htmlFor={`${id}-pass`}>Contraseña</label>
              <PasswordInput id={`${id}-pass`} autoComplete="current-password" {...form.register('pass')} />
            </div>
            <div aria-live="assertive">{error ? <p className="message message-error">{error}</p> : null}</div>
            <div className="session-renewal-actions">
              <button type="submit" className="button" disabled={form.formState.isSubmitting}>
                Continuar
              </button>
              <button type="button" className="button button-secondary" onClick={() => finish(false)}>
                Cancelar
              </button>
            </div>
          </form>
        </>
      ) : null}
    </dialog>
  );
}
