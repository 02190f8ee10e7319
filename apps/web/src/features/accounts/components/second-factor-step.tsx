import { useId, useState } from 'react';
import { msg } from '@encanto/core/messages';
import { secondFactorFormSchema } from '@encanto/core/two-factor';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { CodeInput } from '../../../components/security/code-input.tsx';
import { PasskeyButton } from './passkey-button.tsx';

/**
 * The login's second step: the code of the authenticator app, or one of the recovery codes. The
 * parent does the call (it knows which login screen's answer to store) and moves on when it works.
 */
export function SecondFactorStep<T>({
  submit,
  passkey,
  onDone,
  onRestart,
}: {
  submit: (codigo: string) => Promise<T>;
  /** When the account has a passkey: the passkey step instead of a code. */
  passkey?: (() => Promise<T>) | undefined;
  onDone: (result: T) => void;
  onRestart: () => void;
}) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const form = useSchemaForm(secondFactorFormSchema(recovery), { defaultValues: { codigo: '' } });
  const [error, setError] = useState('');
  const { busy, run } = useAction();

  const onSubmit = form.handleSubmit(
    async ({ codigo }) => {
      setError('');
      await run(() => submit(codigo), {
        onSuccess: onDone,
        onError: (err) => setError(errorText(err, msg.secondFactorWrong)),
        keepBusyOnSuccess: true,
      });
    },
    (errors) => setError(firstErrorOf(errors) ?? msg.secondFactorCodeInvalid),
  );

  return (
    <div className="tf-step">
      <h2 className="tf-step-title">Verificación en dos pasos</h2>
      <p className="tf-hint">
        {recovery
          ? 'Escribe uno de tus códigos de recuperación. Cada uno sirve una sola vez.'
          : 'Abre tu app de autenticación y escribe el código de 6 dígitos.'}
      </p>
      <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <CodeInput id={`${id}-code`} field={form.register('codigo')} recovery={recovery} />
        <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Verificar
        </button>
      </form>
      {passkey && <PasskeyButton login={passkey} onDone={onDone} onError={setError} />}
      <div className="tf-alt">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery((r) => !r);
            form.reset();
            setError('');
          }}
        >
          {recovery ? 'Usar el código de la app' : 'Usar un código de recuperación'}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          Volver a ingresar
        </button>
      </div>
    </div>
  );
}
