import { useId, useState } from 'react';
import { msg } from '@encanto/core/messages';
import { disableTwoFactorFormSchema, type TotpEnrolment } from '@encanto/core/two-factor';
import { errorText } from '../../lib/api-client.ts';
import {
  confirmTotp,
  disableTotp,
  renewRecoveryCodes,
  startTotp,
  useTwoFactorStatus,
} from '../../lib/api/security.ts';
import { useAction } from '../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';
import { PasswordInput } from '../password-input.tsx';
import { CodeInput } from './code-input.tsx';
import { useWithProof } from './fresh-proof.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpSetup } from './totp-setup.tsx';

/**
 * "Verificación en dos pasos": off → QR and first code → recovery codes (once); on → turn off with
 * the password and a code. Turning it on or off signs the other devices out (the server does it).
 */
export function TwoFactorBlock({ onSessionsChanged }: { onSessionsChanged: () => void }) {
  const id = useId();
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const offForm = useSchemaForm(disableTwoFactorFormSchema, { defaultValues: { pass: '', codigo: '' } });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { busy, run } = useAction(() => status.refetch());
  const withProof = useWithProof();

  const begin = () => {
    setError('');
    setDone('');
    void run(() => withProof(startTotp), {
      onSuccess: setEnrolment,
      onError: (err) => setError(errorText(err, msg.genericRetry)),
    });
  };
  // TotpSetup checked the code (totpFormSchema) and hands it over trimmed.
  const confirm = (code: string) => {
    setError('');
    void run(() => withProof(() => confirmTotp(code)), {
      onSuccess: (res) => {
        setEnrolment(null);
        setCodes(res.codigos_recuperacion);
        onSessionsChanged();
      },
      onError: (err) => setError(errorText(err, msg.secondFactorWrong)),
    });
  };
  const renew = () => {
    setError('');
    setDone('');
    void run(() => withProof(renewRecoveryCodes), {
      onSuccess: (res) => {
        setCodes(res.codigos_recuperacion);
        onSessionsChanged();
      },
      onError: (err) => setError(errorText(err, msg.genericRetry)),
    });
  };
  const turnOff = offForm.handleSubmit(
    async ({ pass, codigo }) => {
      setError('');
      await run(() => disableTotp(pass, codigo), {
        onSuccess: () => {
          setDisabling(false);
          offForm.reset();
          setCodes(null);
          setDone(msg.twoFactorDisabled);
          onSessionsChanged();
        },
        onError: (err) => setError(errorText(err, msg.secondFactorWrong)),
      });
    },
    (errors) => setError(firstErrorOf(errors) ?? msg.completeAllFields),
  );

  const on = status.data?.totp ?? false;
  return (
    <div className="sec-block" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`}>Verificación en dos pasos</h3>
      {status.isPending ? (
        <div className="skeleton dr-skeleton" aria-hidden="true" />
      ) : codes ? (
        <>
          <p className="sec-status">Activada: al ingresar te pediremos el código de tu app.</p>
          <RecoveryCodes codes={codes} />
          <button type="button" className="button button-secondary" onClick={() => setCodes(null)}>
            Ya los guardé
          </button>
        </>
      ) : enrolment ? (
        <>
          <TotpSetup
            enrolment={enrolment}
            busy={busy}
            error={error}
            onConfirm={confirm}
            onInvalid={setError}
          />
          <button type="button" className="link-button" onClick={() => setEnrolment(null)}>
            Cancelar
          </button>
        </>
      ) : on ? (
        <>
          <p className="sec-status">
            Activada. Te quedan {status.data?.codigos_restantes ?? 0} códigos de recuperación sin usar.
          </p>
          <div aria-live="polite">
            {!disabling && error ? <p className="message message-error">{error}</p> : null}
          </div>
          {disabling ? null : (
            <button type="button" className="button button-secondary" onClick={renew} disabled={busy}>
              Generar códigos de recuperación nuevos
            </button>
          )}
          {status.data?.obligatorio ? (
            <p className="field-hint">Las cuentas de administración no pueden desactivarla.</p>
          ) : disabling ? (
            <form className="form" onSubmit={(e) => void turnOff(e)} noValidate>
              <div className="field">
                <label htmlFor={`${id}-pass`}>Contraseña</label>
                <PasswordInput
                  id={`${id}-pass`}
                  autoComplete="current-password"
                  {...offForm.register('pass')}
                />
              </div>
              <CodeInput id={`${id}-code`} field={offForm.register('codigo')} recovery={false} />
              <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
              <div className="sec-actions">
                <button type="submit" className="button" disabled={busy}>
                  Desactivar
                </button>
                <button type="button" className="button button-secondary" onClick={() => setDisabling(false)}>
                  Cancelar
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setDisabling(true)}>
              Desactivar la verificación en dos pasos
            </button>
          )}
        </>
      ) : (
        <>
          <p className="sec-status">
            Desactivada. Además de tu contraseña, pide un código de tu teléfono al ingresar: si alguien conoce
            tu contraseña, igual no podrá entrar.
          </p>
          <div aria-live="polite">
            {done && <p className="message message-success">{done}</p>}
            {error && <p className="message message-error">{error}</p>}
          </div>
          <button type="button" className="button" onClick={begin} disabled={busy}>
            Activar con una app de autenticación
          </button>
        </>
      )}
    </div>
  );
}
