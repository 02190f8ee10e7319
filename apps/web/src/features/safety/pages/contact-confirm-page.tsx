import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { confirmContact } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

type State = { kind: 'idle' | 'busy' } | { kind: 'success' | 'error'; text: string };

/** /ContactoSeguridad?token=…: the trusted contact accepts, from the mailed link (no account needed). */
export default function ContactConfirmPage() {
  const site = useSite();
  useHead({ title: `Contacto de confianza – ${site.name}`, robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Accepting is a click, not a page view: mail scanners that open links must not accept for the person.
  const [state, setState] = useState<State>({ kind: 'idle' });

  const accept = () => {
    setState({ kind: 'busy' });
    confirmContact(token).then(
      (res) => setState({ kind: 'success', text: res.mensaje }),
      (err: unknown) => setState({ kind: 'error', text: errorText(err, msg.contactLinkInvalid) }),
    );
  };

  return (
    <div className="page">
      <h1 className="page-title">Contacto de confianza</h1>
      <div className="form-card">
        <p>
          Alguien te eligió como contacto de confianza en {site.name}. Si no responde a tiempo a un aviso de
          seguridad, te escribiremos con los datos que ella decida compartir.
        </p>
        {state.kind === 'success' ? (
          <p className="message message-success" role="status">
            {state.text}
          </p>
        ) : (
          <button
            type="button"
            className="button"
            onClick={accept}
            disabled={!token || state.kind === 'busy'}
          >
            Acepto ser contacto de confianza
          </button>
        )}
        {state.kind === 'error' ? (
          <p className="message message-error" role="alert">
            {state.text}
          </p>
        ) : null}
        {!token ? <p className="message message-error">{msg.contactLinkInvalid}</p> : null}
      </div>
    </div>
  );
}
