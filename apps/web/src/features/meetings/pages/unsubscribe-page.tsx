import { Link, useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useHydrated } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useUnsubscribe } from '../../../lib/api/notifications.ts';

/**
 * /notificaciones/baja?t=…: the mail's unsubscribe link. Opening it turns that
 * kind of mail off with one click and no login; the change is a POST sent by
 * the page once it runs, so a link scanner that only fetches the URL changes nothing.
 */
export default function UnsubscribePage() {
  const site = useSite();
  useHead({ title: `Avisos por correo – ${site.name}`, robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const hydrated = useHydrated();
  const result = useUnsubscribe(token, hydrated);

  return (
    <section className="page page-center unsubscribe-page" aria-live="polite">
      <h1 className="page-title">Avisos por correo</h1>
      {!token ? (
        <p className="message message-error">{msg.unsubscribeInvalid}</p>
      ) : result.isSuccess ? (
        <p className="message message-success" data-testid="unsubscribe-result">
          {result.data.mensaje}
        </p>
      ) : result.isError ? (
        <p className="message message-error">{errorText(result.error, msg.unsubscribeError)}</p>
      ) : (
        <p>Desactivando…</p>
      )}
      <p className="unsubscribe-more">
        Puedes elegir qué avisos recibir en Configuración, después de <Link to={paths.login}>ingresar</Link>.
      </p>
    </section>
  );
}
