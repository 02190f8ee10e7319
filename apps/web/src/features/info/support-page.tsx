import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useHead } from '../../lib/head.tsx';
import { useSite } from '../../lib/site.tsx';

/**
 * /Soporte: where to write (SUPPORT_EMAIL) and the answers to what people ask
 * most, each with the link that solves it, so most never need to write.
 */
export default function SupportPage() {
  const site = useSite();
  useHead({
    title: `Soporte – ${site.name}`,
    description: `Ayuda con tu cuenta de ${site.name}: ingreso, validación, tus datos y denuncias. Escríbenos a ${site.supportEmail}.`,
    canonical: `${site.url}${paths.support}`,
  });
  const mailto = `mailto:${site.supportEmail}?subject=${encodeURIComponent(`Soporte ${site.name}`)}`;

  return (
    <article className="page support-page">
      <h1 className="page-title">Soporte</h1>
      <p className="support-lead">
        ¿Tienes un problema con tu cuenta o con el sitio? Aquí están las respuestas más pedidas. Si no
        encuentras la tuya, escríbenos y te respondemos en días hábiles.
      </p>

      <section className="support-contact" aria-labelledby="soporte-correo">
        <h2 id="soporte-correo">Escríbenos</h2>
        <p>
          Nuestro correo es{' '}
          <a href={mailto} className="support-email">
            {site.supportEmail}
          </a>
          . Cuéntanos tu nickname y qué pasó. Nunca te pediremos tu contraseña ni la foto de tu documento por
          correo.
        </p>
        <a href={mailto} className="button">
          Escribir a soporte
        </a>
      </section>

      <div className="support-topics">
        <section className="info-section" aria-labelledby="soporte-ingreso">
          <h2 id="soporte-ingreso">No puedo ingresar</h2>
          <p>
            Pide una contraseña provisoria con tu correo: te llega un código y un enlace para crear una nueva.
          </p>
          <p className="support-links">
            <Link to={paths.forgotClient}>Recuperar contraseña de cliente</Link>
            <Link to={paths.forgotEscort}>Recuperar contraseña de escort</Link>
          </p>
        </section>

        <section className="info-section" aria-labelledby="soporte-validacion">
          <h2 id="soporte-validacion">Mi cuenta sigue pendiente</h2>
          <p>
            Cada cuenta se revisa con la foto de un documento de identidad antes de publicarse. Si aún no la
            subiste, ingresa y súbela desde tu perfil; si la rechazamos, verás el motivo y podrás subir otra.
          </p>
          <p className="support-links">
            <Link to={paths.login}>Ingresar</Link>
          </p>
        </section>

        <section className="info-section" aria-labelledby="soporte-datos">
          <h2 id="soporte-datos">Mis datos y mi cuenta</h2>
          <p>
            Desde «Mis datos» en tu perfil puedes descargar todo lo que guardamos sobre ti, pedir que
            corrijamos un dato, pausar tu perfil o eliminar tu cuenta.
          </p>
          <p className="support-links">
            <Link to={paths.infoSection(1)}>Política de privacidad</Link>
            <Link to={paths.infoSection(2)}>Términos de servicio</Link>
          </p>
        </section>

        <section className="info-section" aria-labelledby="soporte-denuncias">
          <h2 id="soporte-denuncias">Quiero denunciar un perfil</h2>
          <p>
            Usa «Denunciar perfil» al final de cada perfil. Si crees que se trata de una persona menor de
            edad, lo revisamos de inmediato. Si alguien está en peligro, llama al 133 (Carabineros).
          </p>
        </section>
      </div>
    </article>
  );
}
