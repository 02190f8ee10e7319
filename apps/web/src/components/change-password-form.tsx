import { useId } from 'react';
import { changePasswordFormSchema, type ChangePasswordForm as Values } from '@encanto/core/accounts';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { ApiError, errorText } from '../lib/api-client.ts';
import { changeOwnPassword } from '../lib/api/passwords.ts';
import { useAction } from '../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../lib/use-schema-form.ts';
import { useSession, useHydrated } from '../lib/session.ts';
import { useTimedMessage } from '../lib/use-timed-message.ts';
import { useCommonPasswords } from '../lib/use-common-passwords.ts';
import { PasswordInput } from './password-input.tsx';
import { Field } from './ui/field.tsx';

/** The spec's wording per answer of the password-change call. */
export function changePasswordFailureText(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0) return msg.passwordUpdateError;
  if (err.status === 404) return msg.currentPasswordWrong;
  if (err.status >= 500) return msg.serverError;
  // A refused new password (400) and any other refusal: the server's words, else 'Error desconocido.'
  return errorText(err, msg.unknownError);
}

/**
 * 'CAMBIAR CONTRASEÑA' on both profiles: current, new and repeat (show/hide on
 * the new ones). Clients call cliente/modificar-pass, escorts
 * usuario/modificar-pass-por-pass; the server checks the current password and
 * signs out every other device.
 */
export function ChangePasswordForm() {
  const session = useSession();
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const form = useSchemaForm<Values>(changePasswordFormSchema, {
    defaultValues: { actual: '', nueva: '', repetir: '' },
  });
  const { busy, run } = useAction();
  const [message, show] = useTimedMessage(timings.passwordMessageMs);
  useCommonPasswords();

  const onSubmit = form.handleSubmit(
    async ({ actual, nueva }) => {
      await run(() => changeOwnPassword(session, actual, nueva), {
        onSuccess: () => {
          form.reset();
          show('success', msg.passwordUpdated);
        },
        onError: (err) => show('error', changePasswordFailureText(err)),
      });
    },
    (errors) => show('error', firstErrorOf(errors) ?? msg.completeAllFields),
  );

  // Passwords are taken as typed (no filter): spaces and symbols belong to them (decision 0050).
  return (
    <section className="form-card change-password" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>CAMBIAR CONTRASEÑA</h2>
      <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id={`${id}-actual`} label="Contraseña actual" error={undefined}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register('actual')}
            />
          )}
        </Field>
        <Field id={`${id}-nueva`} label="Nueva contraseña" error={undefined} hint={msg.newPasswordHint}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('nueva')} />
          )}
        </Field>
        <Field id={`${id}-repetir`} label="Repetir nueva contraseña" error={undefined}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('repetir')} />
          )}
        </Field>
        <div aria-live="polite" className="message-slot">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? 'Guardando...' : 'Cambiar contraseña'}
        </button>
      </form>
    </section>
  );
}
