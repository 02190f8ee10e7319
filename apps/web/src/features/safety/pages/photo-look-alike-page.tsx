import { useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { OneClickAction } from '../../../components/ui/one-click-action.tsx';
import { reportLookAlike } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

/** /foto-parecida/{token}: where the "foto muy parecida" mail's link lands (decision 0177). */
export default function PhotoLookAlikePage() {
  const site = useSite();
  useHead({ title: `Foto muy parecida a una tuya – ${site.name}`, robots: 'noindex' });
  const token = useParams().token ?? '';

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
        <OneClickAction
          label="Denunciar suplantación"
          send={() => reportLookAlike(token)}
          fallbackError={msg.photoReportLinkInvalid}
        />
      </div>
    </div>
  );
}
