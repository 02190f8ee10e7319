import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { msg } from '@encanto/core/messages';
import { useHydrated } from '../../../lib/session.ts';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { keepTyped } from '../../../lib/keep-typed.ts';
import { useAction } from '../../../lib/use-action.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import type { SecondFactorPending } from '@encanto/core/two-factor';
import { loginAdmin, secondFactorPasskey, submitSecondFactor } from '../api/login.ts';
import { AdminEnrolment } from '../components/admin-enrolment.tsx';
import { SecondFactorStep } from '../components/second-factor-step.tsx';
import { adminLoginFailureText } from '../account-messages.ts';
import { EmailField } from '../components/email-field.tsx';

/** /login-admin and /Admin: 'ADMINISTRADOR' with e-mail and password; the route knows the role (issue 19). */
export default function AdminLoginPage() {
  const site = useSite();
  useHead({ title: `Administrador – ${site.name}`, robots: 'noindex,nofollow' });
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', pass: '' });
  const [error, setError] = useState('');
  const [pending, setPending] = useState<SecondFactorPending | null>(null);
  const { busy, run } = useAction();
  const restart = () => {
    setPending(null);
    setForm((f) => ({ ...f, pass: '' }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.email || !form.pass) {
      setError(msg.completeAllFields);
      return;
    }
    setError('');
    await run(() => loginAdmin(form), {
      onSuccess: (answer) => {
        if ('desafio' in answer) setPending(answer);
        else void navigate(paths.adminPanel);
      },
      onError: (err) => setError(adminLoginFailureText(err)),
    });
  };

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
              value={form.email}
              onValue={(email) => setForm((f) => ({ ...f, email }))}
            />
            <div className="field">
              <label htmlFor={`${id}-pass`}>Contraseña</label>
              <PasswordInput
                id={`${id}-pass`}
                autoComplete="current-password"
                value={form.pass}
                ref={keepTyped(form.pass, (v) => setForm((f) => ({ ...f, pass: v })))}
                onChange={(e) => setForm((f) => ({ ...f, pass: e.target.value }))}
              />
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
