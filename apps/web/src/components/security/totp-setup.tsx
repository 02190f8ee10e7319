import { useId, useState, type FormEvent } from 'react';
import type { TotpEnrolment } from '@encanto/core/two-factor';
import { CodeInput } from './code-input.tsx';

/**
 * Enrolment of an authenticator app: the QR code, the same secret to type by hand, and the first
 * code that proves the app holds it. The QR markup is the server's own SVG (qrcode library), not
 * anything a person typed, so it is inserted as markup.
 */
export function TotpSetup({
  enrolment,
  busy,
  error,
  onConfirm,
}: {
  enrolment: TotpEnrolment;
  busy: boolean;
  error: string;
  onConfirm: (codigo: string) => void;
}) {
  const id = useId();
  const [codigo, setCodigo] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(codigo);
  };
  return (
    <div className="tf-setup">
      <ol className="tf-steps">
        <li>
          Abre tu app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u otra).
        </li>
        <li>Escanea este código QR, o escribe la clave a mano.</li>
        <li>Escribe el código de 6 dígitos que muestra la app.</li>
      </ol>
      <div className="tf-qr" role="img" aria-label="Código QR para tu app de autenticación">
        <div dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }} />
      </div>
      <p className="tf-secret">
        Clave para escribir a mano: <code data-testid="totp-secret">{enrolment.secreto}</code>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <CodeInput id={`${id}-code`} value={codigo} onChange={setCodigo} recovery={false} />
        <div aria-live="assertive">{error && <p className="message message-error">{error}</p>}</div>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Activar
        </button>
      </form>
    </div>
  );
}
