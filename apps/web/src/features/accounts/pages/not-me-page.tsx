import { Link, useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { OneClickAction } from '../../../components/ui/one-click-action.tsx';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useForgetSession } from '../../../lib/logout.ts';
import { useSite } from '../../../lib/site.tsx';
import { sayNotMe } from '../api/not-me.ts';

/**
 * /seguridad/no-fui-yo/{token}: where a security notice's link lands. Acting is a click, not the page
 * view, so a mail scanner that opens links changes nothing.
 */
export default function NotMePage() {
  const site = useSite();
  useHead({ title: `¿No fuiste tú? – ${site.name}`, robots: 'noindex,nofollow' });
  const { token = '' } = useParams();
  // The server closed every session of the account: this browser forgets its own.
  const forgetSession = useForgetSession();

  return (
    <div className="page account-page">
      <section className="form-card account-card" aria-labelledby="not-me-title">
        <h1 id="not-me-title" className="page-title">
          ¿No fuiste tú?
        </h1>
        <OneClickAction
          label="No fui yo: proteger mi cuenta"
          send={() => sayNotMe(token)}
          fallbackError={msg.notDoneLinkInvalid}
          ready={Boolean(token)}
          block
          onDone={forgetSession}
          intro={
            <>
              <p>Si no hiciste el cambio del que te avisamos, protege tu cuenta ahora:</p>
              <ul className="not-me-steps">
                <li>cerraremos todas las sesiones abiertas, también la de quien hizo el cambio;</li>
                <li>si se agregó una verificación en dos pasos o una llave de acceso, la quitaremos;</li>
                <li>desactivaremos tu contraseña: crearás una nueva con el correo de recuperación.</li>
              </ul>
            </>
          }
          after={({ tipo }) =>
            tipo === 'admin' ? (
              <p>Pide al equipo técnico una contraseña nueva para tu cuenta de administración.</p>
            ) : (
              <Link
                className="button button-block"
                to={tipo === 'client' ? paths.forgotClient : paths.forgotEscort}
              >
                Crear una contraseña nueva
              </Link>
            )
          }
        />
      </section>
    </div>
  );
}
