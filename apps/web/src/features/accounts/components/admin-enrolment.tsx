import { useEffect, useState } from 'react';
import { msg } from '@encanto/core/messages';
import type { TotpEnrolment } from '@encanto/core/two-factor';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { RecoveryCodes } from '../../../components/security/recovery-codes.tsx';
import { TotpSetup } from '../../../components/security/totp-setup.tsx';
import { confirmAdminEnrolment, startAdminEnrolment } from '../api/login.ts';

/**
 * An administrator without a second factor enrols one before her first admin page: the QR code,
 * the first code, then the recovery codes (shown once) and the way on to the panel.
 */
export function AdminEnrolment({
  desafio,
  onFinished,
  onRestart,
}: {
  desafio: string;
  onFinished: () => void;
  onRestart: () => void;
}) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useAction();

  useEffect(() => {
    let live = true;
    startAdminEnrolment(desafio).then(
      (data) => live && setEnrolment(data),
      (err: unknown) => live && setError(errorText(err, msg.secondFactorExpired)),
    );
    return () => {
      live = false;
    };
  }, [desafio]);

  // TotpSetup checked the code (totpFormSchema) and hands it over trimmed.
  const confirm = (codigo: string) => {
    setError('');
    void run(() => confirmAdminEnrolment(desafio, codigo), {
      onSuccess: setCodes,
      onError: (err) => setError(errorText(err, msg.secondFactorWrong)),
    });
  };

  return (
    <div className="tf-step">
      <h2 className="tf-step-title">Activa la verificación en dos pasos</h2>
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <button type="button" className="button button-block" onClick={onFinished}>
            Continuar al panel
          </button>
        </>
      ) : enrolment ? (
        <>
          <p className="tf-hint">
            Las cuentas de administración usan siempre un segundo paso al ingresar: configura tu app ahora.
          </p>
          <TotpSetup
            enrolment={enrolment}
            busy={busy}
            error={error}
            onConfirm={confirm}
            onInvalid={setError}
          />
        </>
      ) : error ? (
        <>
          <p className="message message-error" role="alert">
            {error}
          </p>
          <button type="button" className="button button-secondary" onClick={onRestart}>
            Volver a ingresar
          </button>
        </>
      ) : (
        <p className="tf-hint" role="status">
          Preparando tu código QR...
        </p>
      )}
    </div>
  );
}
