import { useEffect, useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { recoveryFormSchema, type RecoveryForm } from '@encanto/core/accounts';
import { limits, timings } from '@encanto/core/constants';
import { inputFilters } from '@encanto/core/fields';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { recoverFailureText } from '../account-messages.ts';
import { getStored, setStored, useHydrated } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useCommonPasswords } from '../../../lib/use-common-passwords.ts';
import type { AccountType } from '../api/availability.ts';
import { setNewPassword } from '../api/recovery.ts';

// The spec words the "all fields" message differently on the two screens.
const schemas = {
  cliente: recoveryFormSchema(msg.completeFieldsShort),
  usuario: recoveryFormSchema(msg.completeAllFields),
};

/**
 * Recovery step: the 4-digit provisional password from the mail, the new
 * password and its repeat. On success the stored recovery e-mail is removed and
 * the matching login opens after 3 s. Opened from the mail's link, the form
 * also sends the link's token, so a code lock on the account does not stop her.
 */
export function RecoverForm({
  type,
  email: givenEmail,
  linkToken,
}: {
  type: AccountType;
  email?: string;
  linkToken?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const email = givenEmail ?? (hydrated ? getStored('emailRecuperacion') : null);
  const form = useSchemaForm<RecoveryForm>(schemas[type], {
    defaultValues: { codigo: '', nueva: '', repetir: '' },
  });
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const { busy, run } = useAction();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useCommonPasswords();

  const onValid = async (values: RecoveryForm) => {
    if (!email) {
      setMessage({ text: msg.recoveryEmailMissing, kind: 'error' });
      return;
    }
    setMessage(null);
    await run(
      () =>
        setNewPassword(type, {
          email,
          codigoProvisorio: values.codigo,
          nuevaPass: values.nueva,
          ...(linkToken ? { token: linkToken } : {}),
        }),
      {
        onSuccess: () => {
          setStored({ emailRecuperacion: null });
          setDone(true);
          setMessage({ text: msg.passwordUpdated, kind: 'success' });
          timer.current = setTimeout(
            () => void navigate(loginPath, { replace: true }),
            timings.recoveryRedirectMs,
          );
        },
        onError: (err) => setMessage({ text: recoverFailureText(type, err), kind: 'error' }),
        keepBusyOnSuccess: true,
      },
    );
  };
  // Without the account's e-mail nothing can be sent: that comes first, as the screen says.
  const onSubmit = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(onValid, (errors) =>
      setMessage({
        text: email ? (firstErrorOf(errors) ?? msg.completeAllFields) : msg.recoveryEmailMissing,
        kind: 'error',
      }),
    )(e);

  const loginPath = type === 'cliente' ? paths.clientLogin : paths.escortLogin;

  return (
    <section className="form-card account-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="account-title">
        Recuperar contraseña
      </h1>
      {email ? (
        <p className="field-hint">
          Cuenta: <strong className="account-email">{email}</strong>
        </p>
      ) : hydrated ? (
        <p className="message message-error">{msg.recoveryEmailMissing}</p>
      ) : null}
      <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id={`${id}-codigo`} label="Contraseña provisoria" error={undefined}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={limits.provisionalCodeDigits}
              {...form.keep('codigo', {
                filter: (v) => inputFilters.digits(v, limits.provisionalCodeDigits),
              })}
              className="code-input"
            />
          )}
        </Field>
        <Field id={`${id}-nueva`} label="Nueva contraseña" error={undefined} hint={msg.newPasswordHint}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.keep('nueva')} />}
        </Field>
        <Field id={`${id}-repetir`} label="Repetir contraseña" error={undefined}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.keep('repetir')} />}
        </Field>
        <div aria-live="polite">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
        {done ? (
          // The new password works now: the way in, without waiting for the redirect.
          <Link className="button button-block" to={loginPath} replace>
            Iniciar sesión
          </Link>
        ) : (
          <button type="submit" className="button button-block" disabled={busy || !hydrated}>
            Cambiar contraseña
          </button>
        )}
      </form>
    </section>
  );
}
