import { useState } from 'react';
import { useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../../lib/api-client.ts';
import { reportLookAlike } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

type State = { kind: 'idle' | 'busy' } | { kind: 'success' | 'error'; text: string };

/**
 * /foto-parecida/{token}: where the "foto muy parecida" mail's link lands (decision 0177). Reporting is
 * a click on this page, not the page view: mail scanners that open links must not report for her.
 */
export default function PhotoLookAlikePage() {
  const site = useSite();
  useHead({ title: `Foto muy parecida a una tuya – ${site.name}`, robots: 'noindex' });
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ kind: 'idle' });

  const report = () => {
    setState({ kind: 'busy' });
    reportLookAlike(token).then(
      (res) => setState({ kind: 'success', text: res.mensaje }),
      (err: unknown) => setState({ kind: 'error', text: errorText(err, msg.photoReportLinkInvalid) }),
    );
  };

  return (
    <div className="page">
      <h1 className="page-title">Una foto muy parecida a una tuya</h1>
      <div className="form-card">
        <p>
          Otra cuenta subió una foto muy parecida a una que publicaste en {site.name}. Mientras el equipo la
          revisa, esa foto no se muestra en ninguna parte.
        </p>
        <p>
          Si no fuiste tú y crees que alguien quiere hacerse pasar por ti, avísanos. El equipo revisará los
          dos perfiles para proteger tu identidad.
        </p>
        {state.kind === 'success' ? (
          <p className="message message-success" role="status">
            {state.text}
          </p>
        ) : (
          <button type="button" className="button" onClick={report} disabled={state.kind === 'busy'}>
            Denunciar suplantación
          </button>
        )}
        {state.kind === 'error' ? (
          <p className="message message-error" role="alert">
            {state.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
