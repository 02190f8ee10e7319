import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { ChangeEvent } from 'react';
import { loginSchema, type LoginInput } from '@encanto/core/accounts';
import { inputFilters } from '@encanto/core/fields';
import { loginIntentText, readLoginIntent, type ResumeState } from '@encanto/core/login-intent';
import { useHydrated } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { paths } from '../../../config/paths.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import type { SecondFactorPending } from '@encanto/core/two-factor';
import { login, loginWithPasskey, secondFactorPasskey, submitSecondFactor } from '../api/login.ts';
import { PasskeyButton } from './passkey-button.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { loginFailureText } from '../account-messages.ts';
import { EmailField } from './email-field.tsx';

/**
 * What was typed on the login screen, kept by its layout (pages/login-layout.tsx) across the CLIENTE and
 * ESCORT tabs: either tab signs in the account the e-mail names (decision 0140).
 */
export interface LoginDraft {
  draft: LoginInput;
  setDraft: (update: (draft: LoginInput) => LoginInput) => void;
}

/** 'Ingresar - Cliente' and 'Ingresar - Escort': e-mail (no spaces), password with show/hide, 'Iniciar Sesión'. */
export function LoginForm({ type }: { type: 'cliente' | 'usuario' }) {
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Sent here from a card to do something there (decision 0143): say why, and go back to finish it.
  const intent = readLoginIntent(useLocation().search);
  const kept = useOutletContext<LoginDraft | undefined>();
  const form = useSchemaForm(loginSchema, { defaultValues: kept?.draft ?? { email: '', pass: '' } });
  const remember = <F extends { onChange: (e: ChangeEvent<HTMLInputElement>) => unknown }>(
    name: keyof LoginInput,
    field: F,
  ): F => ({
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const done = field.onChange(e);
      const value = e.target.value;
      kept?.setDraft((d) => ({ ...d, [name]: value }));
      return done;
    },
  });
  const [error, setError] = useState('');
  const [pending, setPending] = useState<SecondFactorPending | null>(null);
  const { busy, run } = useAction();

  // A passkey may belong to the other kind of account: its answer says which.
  // An approved escort lands on her dashboard after a password login, on her profile after a passkey one.
  const landedAny = (
    data: { autorizado: string; nickname: string; tipo_perfil?: string },
    escortLanding: string = paths.escortProfile,
  ) => {
    if ('rut_cliente' in data) {
      if (data.autorizado === 'pendiente')
        void navigate(paths.pending, { state: { tipo: 'cliente', nickname: data.nickname } });
      else if (intent)
        void navigate(paths.card(intent.perfil), {
          state: { reanudar: intent.accion } satisfies ResumeState,
        });
      else void navigate(paths.escorts);
    } else if (data.tipo_perfil === 'admin') void navigate(paths.adminPanel);
    else if (data.autorizado === 'pendiente')
      void navigate(paths.pending, { state: { tipo: 'usuario', nickname: data.nickname } });
    else void navigate(escortLanding);
  };
  const onValid = async (input: LoginInput) => {
    setError('');
    await run(() => login(type, input), {
      onSuccess: (data) => {
        if ('desafio' in data) setPending(data);
        else landedAny(data, paths.escortHome);
      },
      onError: (err) => setError(loginFailureText(type, err)),
    });
  };
  const onSubmit = form.handleSubmit(onValid, (errors) => setError(firstErrorOf(errors) ?? ''));

  const title = type === 'cliente' ? 'Ingresar - Cliente' : 'Ingresar - Escort';
  return (
    <section className="form-card account-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="account-title">
        {title}
      </h1>
      {intent ? (
        <p className="message login-intent" role="status">
          {loginIntentText(intent)}
        </p>
      ) : null}
      {pending ? (
        <SecondFactorStep
          submit={(codigo) => submitSecondFactor(type, pending.desafio, codigo)}
          passkey={
            pending.segundo_factor === 'totp' ? undefined : () => secondFactorPasskey(type, pending.desafio)
          }
          onDone={(data) => landedAny(data, paths.escortHome)}
          onRestart={() => {
            setPending(null);
            form.resetField('pass');
          }}
        />
      ) : (
        <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <EmailField
            id={`${id}-email`}
            field={remember('email', form.keep('email', { filter: inputFilters.email }))}
          />
          <div className="field">
            <label htmlFor={`${id}-pass`}>Contraseña</label>
            <PasswordInput
              id={`${id}-pass`}
              autoComplete="current-password"
              {...remember('pass', form.keep('pass'))}
            />
          </div>
          <Link className="account-link" to={type === 'cliente' ? paths.forgotClient : paths.forgotEscort}>
            ¿Olvidaste tu contraseña?
          </Link>
          <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
          <button type="submit" className="button button-block" disabled={busy || !hydrated}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            Iniciar Sesión
          </button>
          <PasskeyButton login={loginWithPasskey} onDone={landedAny} onError={setError} />
        </form>
      )}
      <p className="account-alt">
        ¿No tienes cuenta?{' '}
        <Link to={type === 'cliente' ? paths.registerClient : paths.registerEscort}>Regístrate</Link>
      </p>
    </section>
  );
}
