import { useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { OneClickAction } from '../../../components/ui/one-click-action.tsx';
import { confirmContact } from '../../../lib/api/safety.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

/** /ContactoSeguridad?token=…: the trusted contact accepts, from the mailed link (no account needed). */
export default function ContactConfirmPage() {
  const site = useSite();
  useHead({ title: `Contacto de confianza – ${site.name}`, robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  return (
    <div className="page">
      <h1 className="page-title">Contacto de confianza</h1>
      <div className="form-card">
        <p>
          Alguien te eligió como contacto de confianza en {site.name}. Si no responde a tiempo a un aviso de
          seguridad, te escribiremos con los datos que ella decida compartir.
        </p>
        <OneClickAction
          label="Acepto ser contacto de confianza"
          send={() => confirmContact(token)}
          fallbackError={msg.contactLinkInvalid}
          ready={token !== ''}
        />
        {!token ? <p className="message message-error">{msg.contactLinkInvalid}</p> : null}
      </div>
    </div>
  );
}
