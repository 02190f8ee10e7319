import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { setStored } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import type { AccountType } from '../api/availability.ts';
import { emailForResetLink } from '../api/recovery.ts';
import { RecoverForm } from '../components/recover-form.tsx';

/**
 * /cliente/resetear-pass/{token} and /usuario/resetear-pass/{token}: the link in
 * the recovery mail. It opens the recovery step with the account's e-mail filled in
 * and sends the link's token with the code.
 */
export function ResetLinkPage({ type }: { type: AccountType }) {
  const site = useSite();
  useHead({ title: `Recuperar contraseña – ${site.name}`, robots: 'noindex,nofollow' });
  const { token = '' } = useParams();
  const [state, setState] = useState<{ email?: string; error?: string }>({});

  useEffect(() => {
    let live = true;
    emailForResetLink(type, token)
      .then(({ email }) => {
        setStored({ emailRecuperacion: email });
        if (live) setState({ email });
      })
      .catch((err: unknown) => {
        if (live) setState({ error: errorText(err, msg.resetLinkInvalid) });
      });
    return () => {
      live = false;
    };
  }, [type, token]);

  return (
    <div className="page account-page">
      {state.email ? (
        <RecoverForm type={type} email={state.email} linkToken={token} />
      ) : state.error ? (
        <section className="form-card account-card">
          <p className="message message-error">{state.error}</p>
          <Link
            className="button button-block"
            to={type === 'cliente' ? paths.forgotClient : paths.forgotEscort}
          >
            Pedir otra contraseña provisoria
          </Link>
        </section>
      ) : (
        <p aria-busy="true">Cargando...</p>
      )}
    </div>
  );
}

export default function ClientResetLinkPage() {
  return <ResetLinkPage type="cliente" />;
}

export function EscortResetLinkPage() {
  return <ResetLinkPage type="usuario" />;
}
