import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { refuseContactMail } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

type State = { kind: 'idle' | 'busy' } | { kind: 'success' | 'error'; text: string };

/**
 * /ContactoSeguridad/baja?t=…: the link at the foot of every check-in mail. The
 * person it was sent to refuses all further mail from the site with one click,
 * without an account. Refusing is the click, not the page view: link scanners
 * that open the mail's links must not refuse for the person (mail clients use
 * the List-Unsubscribe-Post header instead, which posts the same request).
 */
export default function ContactRefusePage() {
  const site = useSite();
  useHead({ title: `Dejar de recibir correos – ${site.name}`, robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<State>({ kind: 'idle' });

  const refuse = () => {
    setState({ kind: 'busy' });
    refuseContactMail(token).then(
      (res) => setState({ kind: 'success', text: res.mensaje }),
      (err: unknown) => setState({ kind: 'error', text: errorText(err, msg.contactRefusalError) }),
    );
  };

  return (
    <div className="page">
      <h1 className="page-title">Dejar de recibir correos</h1>
      <div className="form-card">
        <p>
          Te escribimos porque una escort de {site.name} te eligió como contacto de confianza para sus avisos
          de seguridad. Si no quieres recibir más correos de {site.name}, de ella ni de ninguna otra persona,
          confírmalo aquí.
        </p>
        {state.kind === 'success' ? (
          <p className="message message-success" role="status" data-testid="refusal-result">
            {state.text}
          </p>
        ) : (
          <button
            type="button"
            className="button"
            onClick={refuse}
            disabled={!token || state.kind === 'busy'}
          >
            No quiero recibir más correos
          </button>
        )}
        {state.kind === 'error' ? (
          <p className="message message-error" role="alert">
            {state.text}
          </p>
        ) : null}
        {!token ? <p className="message message-error">{msg.contactRefusalInvalid}</p> : null}
      </div>
    </div>
  );
}
