import { useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { OneClickAction } from '../../../components/ui/one-click-action.tsx';
import { refuseContactMail } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

/**
 * /ContactoSeguridad/baja?t=…: the link at the foot of every check-in mail. The
 * person it was sent to refuses all further mail from the site with one click,
 * without an account (mail clients use the List-Unsubscribe-Post header instead,
 * which posts the same request).
 */
export default function ContactRefusePage() {
  const site = useSite();
  useHead({ title: `Dejar de recibir correos – ${site.name}`, robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';

  return (
    <div className="page">
      <h1 className="page-title">Dejar de recibir correos</h1>
      <div className="form-card">
        <p>
          Te escribimos porque una escort de {site.name} te eligió como contacto de confianza para sus avisos
          de seguridad. Si no quieres recibir más correos de {site.name}, de ella ni de ninguna otra persona,
          confírmalo aquí.
        </p>
        <OneClickAction
          label="No quiero recibir más correos"
          send={() => refuseContactMail(token)}
          fallbackError={msg.contactRefusalError}
          ready={token !== ''}
          resultTestId="refusal-result"
        />
        {!token ? <p className="message message-error">{msg.contactRefusalInvalid}</p> : null}
      </div>
    </div>
  );
}
