import { useEffect, useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { recoverRequestSchema } from '@encanto/core/accounts';
import { timings } from '@encanto/core/constants';
import { inputFilters } from '@encanto/core/fields';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { forgotFailureText } from '../account-messages.ts';
import { useHead } from '../../../lib/head.tsx';
import { setStored, useHydrated } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import type { AccountType } from '../api/availability.ts';
import { clientEmailRegistered, requestRecovery } from '../api/recovery.ts';
import { EmailField } from './email-field.tsx';

/**
 * Forgotten password: 'Ingresa tu email' and 'Recuperar Password', locked 5 s
 * after each click. The mail brings the 4-digit code and a link to the recovery
 * step; this browser also keeps the e-mail (emailRecuperacion) for that step.
 */
export function ForgotForm({ type }: { type: AccountType }) {
  const site = useSite();
  useHead({ title: `Recuperar contraseña – ${site.name}`, robots: 'noindex,nofollow' });
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const form = useSchemaForm(recoverRequestSchema, { defaultValues: { email: '' } });
  const [locked, setLocked] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));

  const onValid = async ({ email }: { email: string }) => {
    if (locked) return;
    setLocked(true);
    later(() => setLocked(false), timings.forgotPasswordLockMs);
    setMessage(null);
    try {
      if (type === 'cliente' && !(await clientEmailRegistered(email))) {
        setMessage({ text: msg.emailNotRegistered, kind: 'error' });
        return;
      }
      await requestRecovery(type, email);
      setStored({ emailRecuperacion: email });
      if (type === 'cliente') {
        setMessage({ text: msg.clientRecoverySent, kind: 'success' });
        later(() => void navigate(paths.clientLogin), timings.clientForgotRedirectMs);
      } else {
        setMessage({ text: msg.escortRecoverySent, kind: 'success' });
        later(() => void navigate(paths.escortLogin), timings.escortForgotRedirectMs);
      }
    } catch (err) {
      setMessage({ text: forgotFailureText(type, err), kind: 'error' });
    }
  };
  // An empty field does nothing (spec); an address the schema refuses says why.
  const onSubmit = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(onValid, (errors) => {
      if (!locked && form.getValues('email'))
        setMessage({ text: firstErrorOf(errors) ?? msg.email, kind: 'error' });
    })(e);

  return (
    <div className="page account-page">
      <section className="form-card account-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="account-title">
          Ingresa tu email
        </h1>
        <p className="field-hint">
          Te enviaremos una contraseña provisoria de 4 dígitos y un enlace para crear tu nueva contraseña.
        </p>
        <form method="post" className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <EmailField id={`${id}-email`} field={form.keep('email', { filter: inputFilters.email })} />
          <div aria-live="polite">
            {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
          </div>
          <button type="submit" className="button button-block recover-button" disabled={locked || !hydrated}>
            Recuperar contraseña
          </button>
        </form>
      </section>
    </div>
  );
}
