import { useId, useState } from 'react';
import { msg } from '@encanto/core/messages';
import { totpFormSchema, type TotpEnrolment } from '@encanto/core/two-factor';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';
import { CodeInput } from './code-input.tsx';

/**
 * Enrolment of an authenticator app: the QR code, the same secret to type by hand, and the first
 * code that proves the app holds it (checked here; `onInvalid` gets the words when it is not a
 * 6-digit code, `onConfirm` the code to send). The QR markup is the server's own SVG (qrcode library), not
 * anything a person typed, so it is inserted as markup. On a phone the QR code cannot be scanned by the
 * phone showing it: the otpauth:// link opens the authenticator app on the same phone, and the secret can
 * be copied (decision 0148).
 */
export function TotpSetup({
  enrolment,
  busy,
  error,
  onConfirm,
  onInvalid,
}: {
  enrolment: TotpEnrolment;
  busy: boolean;
  error: string;
  onConfirm: (codigo: string) => void;
  onInvalid: (text: string) => void;
}) {
  const id = useId();
  const form = useSchemaForm(totpFormSchema, { defaultValues: { codigo: '' } });
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(enrolment.secreto).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const onSubmit = form.handleSubmit(
    ({ codigo }) => onConfirm(codigo),
    (errors) => onInvalid(firstErrorOf(errors) ?? msg.secondFactorCodeInvalid),
  );
  return (
    <div className="tf-setup">
      <ol className="tf-steps">
        <li>
          Abre tu app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u otra).
        </li>
        <li>
          Escanea este código QR. Si la app está en este mismo teléfono, toca «Abrir en la app de
          autenticación» o copia la clave y pégala en la app.
        </li>
        <li>Escribe el código de 6 dígitos que muestra la app.</li>
      </ol>
      <div className="tf-qr" role="img" aria-label="Código QR para tu app de autenticación">
        <div dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }} />
      </div>
      <p className="tf-secret">
        Clave para escribir a mano: <code data-testid="totp-secret">{enrolment.secreto}</code>
      </p>
      <div className="tf-same-phone">
        <a className="button button-secondary" href={enrolment.otpauth_url}>
          Abrir en la app de autenticación
        </a>
        <button type="button" className="button button-secondary" onClick={copy}>
          {copied ? 'Clave copiada' : 'Copiar clave'}
        </button>
      </div>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <CodeInput id={`${id}-code`} field={form.register('codigo')} recovery={false} />
        <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Activar
        </button>
      </form>
    </div>
  );
}
