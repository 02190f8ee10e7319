import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@encanto/core/accounts';
import { inputFilters } from '@encanto/core/fields';
import { useHydrated } from '../../../lib/session.ts';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useEndSession } from '../../../lib/logout.ts';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import type { SecondFactorPending } from '@encanto/core/two-factor';
import { loginAdmin, secondFactorPasskey, submitSecondFactor } from '../api/login.ts';
import { AdminEnrolment } from '../components/admin-enrolment.tsx';
import { SecondFactorStep } from '../components/second-factor-step.tsx';
import { adminLoginFailureText } from '../account-messages.ts';
import { EmailField } from '../components/email-field.tsx';

/** /login-admin and /Admin: 'ADMINISTRADOR' with e-mail and password; the route knows the role (decision 0097). */
export default function AdminLoginPage() {
  const site = useSite();
  useHead({ title: `Administrador – ${site.name}`, robots: 'noindex,nofollow' });
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const form = useSchemaForm(loginSchema, { defaultValues: { email: '', pass: '' } });
  const endSession = useEndSession();
  const [error, setError] = useState('');
  const [pending, setPending] = useState<SecondFactorPending | null>(null);
  const { busy, run } = useAction();
  const restart = () => {
    setPending(null);
    form.resetField('pass');
  };

  const onValid = async (input: LoginInput) => {
    setError('');
    await run(() => loginAdmin(input, endSession), {
      onSuccess: (answer) => {
        if ('desafio' in answer) setPending(answer);
        else void navigate(paths.adminPanel);
      },
      onError: (err) => setError(adminLoginFailureText(err)),
    });
  };
  const onSubmit = form.handleSubmit(onValid, (errors) => setError(firstErrorOf(errors) ?? ''));

  return (
    <div className="page account-page">
      <section className="form-card account-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="account-title">
          ADMINISTRADOR
        </h1>
        {pending?.segundo_factor === 'inscribir' ? (
          <AdminEnrolment
            desafio={pending.desafio}
            onFinished={() => void navigate(paths.adminPanel)}
            onRestart={restart}
          />
        ) : pending ? (
          <SecondFactorStep
            submit={(codigo) => submitSecondFactor('admin', pending.desafio, codigo)}
            passkey={
              pending.segundo_factor === 'totp'
                ? undefined
                : () => secondFactorPasskey('admin', pending.desafio)
            }
            onDone={() => void navigate(paths.adminPanel)}
            onRestart={restart}
          />
        ) : (
          <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <EmailField
              id={`${id}-email`}
              autoComplete="username"
              field={form.keep('email', { filter: inputFilters.email })}
            />
            <div className="field">
              <label htmlFor={`${id}-pass`}>Contraseña</label>
              <PasswordInput id={`${id}-pass`} autoComplete="current-password" {...form.keep('pass')} />
            </div>
            <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
            <button type="submit" className="button button-block" disabled={busy || !hydrated}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              Iniciar Sesión
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
