import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useForgetSession } from '../../../lib/logout.ts';
import { useSite } from '../../../lib/site.tsx';
import { sayNotMe } from '../api/not-me.ts';

type State =
  | { kind: 'idle' | 'busy' }
  | { kind: 'done'; text: string; tipo: 'client' | 'escort' | 'admin' }
  | { kind: 'error'; text: string };

/**
 * /seguridad/no-fui-yo/{token}: where a security notice's link lands. Acting is a click, not the page
 * view, so a mail scanner that opens links changes nothing.
 */
export default function NotMePage() {
  const site = useSite();
  useHead({ title: `¿No fuiste tú? – ${site.name}`, robots: 'noindex,nofollow' });
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'idle' });
  // The server closed every session of the account: this browser forgets its own.
  const forgetSession = useForgetSession();

  const act = () => {
    setState({ kind: 'busy' });
    sayNotMe(token).then(
      (res) => {
        forgetSession();
        setState({ kind: 'done', text: res.mensaje, tipo: res.tipo });
      },
      (err: unknown) => setState({ kind: 'error', text: errorText(err, msg.notDoneLinkInvalid) }),
    );
  };

  return (
    <div className="page account-page">
      <section className="form-card account-card" aria-labelledby="not-me-title">
        <h1 id="not-me-title" className="page-title">
          ¿No fuiste tú?
        </h1>
        {state.kind === 'done' ? (
          <>
            <p className="message message-success" role="status">
              {state.text}
            </p>
            {state.tipo === 'admin' ? (
              <p>Pide al equipo técnico una contraseña nueva para tu cuenta de administración.</p>
            ) : (
              <Link
                className="button button-block"
                to={state.tipo === 'client' ? paths.forgotClient : paths.forgotEscort}
              >
                Crear una contraseña nueva
              </Link>
            )}
          </>
        ) : (
          <>
            <p>Si no hiciste el cambio del que te avisamos, protege tu cuenta ahora:</p>
            <ul className="not-me-steps">
              <li>cerraremos todas las sesiones abiertas, también la de quien hizo el cambio;</li>
              <li>si se agregó una verificación en dos pasos o una llave de acceso, la quitaremos;</li>
              <li>desactivaremos tu contraseña: crearás una nueva con el correo de recuperación.</li>
            </ul>
            <button
              type="button"
              className="button button-block"
              onClick={act}
              disabled={!token || state.kind === 'busy'}
            >
              {state.kind === 'busy' ? <span className="spinner" aria-hidden="true" /> : null}
              No fui yo: proteger mi cuenta
            </button>
            {state.kind === 'error' ? (
              <p className="message message-error" role="alert">
                {state.text}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
