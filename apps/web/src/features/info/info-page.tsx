import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { formatLongDate } from '@encanto/core/chile-time';
import { consentVersions } from '@encanto/core/consent';
import { paths } from '../../config/paths.ts';
import { useHead } from '../../lib/head.tsx';
import { useSite } from '../../lib/site.tsx';
import { PrivacySection } from './privacy-section.tsx';

const sections = [
  'Política de Privacidad y Seguridad',
  'Términos de Servicio',
  'Ayuda',
  'Acerca de',
  'Contacto',
] as const;

/**
 * /Informacion: five sections, reached by the links here or in the footer
 * (#seccion-1..5). The privacy policy and the terms are the texts people accept
 * at registration: each shows the version (date) that registration stores.
 */
export default function InfoPage() {
  const site = useSite();
  const location = useLocation();
  useHead({
    title: `Información – ${site.name}`,
    description: `Privacidad, términos de servicio, ayuda y contacto de ${site.name}.`,
    canonical: `${site.url}/Informacion`,
  });

  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash]);

  const inForce = `Vigente desde el ${formatLongDate(consentVersions.terminos)}.`;

  return (
    <article className="page info-page">
      <h1 className="page-title">Información</h1>
      <nav className="chip-row" aria-label="Secciones">
        {sections.map((label, i) => (
          <a key={label} href={`#seccion-${i + 1}`} className="chip chip-link">
            {label}
          </a>
        ))}
      </nav>

      <section id="seccion-1" className="info-section">
        <h2>Política de Privacidad y Seguridad</h2>
        <p className="info-updated">{inForce}</p>
        <PrivacySection siteName={site.name} />
      </section>

      <section id="seccion-2" className="info-section">
        <h2>Términos de Servicio</h2>
        <p className="info-updated">{inForce}</p>
        <p>Al usar {site.name} aceptas estas condiciones:</p>
        <ul>
          <li>Solo pueden usar el sitio personas mayores de 18 años.</li>
          <li>
            Las publicaciones de las escorts no pueden contener contenido ofensivo, difamatorio, relacionado
            con menores de edad, discriminatorio, violento o ilegal.
          </li>
          <li>Está prohibida la venta de drogas o armas.</li>
          <li>No se permiten fotos con texto sobrepuesto ni con números de teléfono.</li>
          <li>Las publicaciones deben estar escritas en idiomas oficiales.</li>
          <li>Todo el contenido debe pertenecer a la persona titular de la cuenta.</li>
          <li>
            Para registrarte debes aceptar estos términos y la política de privacidad, y dar tu consentimiento
            expreso para que tratemos tus datos sobre vida sexual, que la Ley 21.719 considera sensibles.
            Puedes retirarlo cuando quieras eliminando tu cuenta.
          </li>
        </ul>
        <p>Las cuentas que no cumplan estas condiciones pueden ser suspendidas por la administración.</p>
      </section>

      <section id="seccion-3" className="info-section">
        <h2>Ayuda</h2>
        <p>
          Para publicar o contactar necesitas una cuenta. Regístrate, sube una foto de tu documento de
          identidad y espera a que la administración la verifique. Si olvidaste tu contraseña, usa «¿Olvidaste
          tu contraseña?» en la pantalla de ingreso y te enviaremos un código provisorio a tu correo.
        </p>
      </section>

      <section id="seccion-4" className="info-section">
        <h2>Acerca de</h2>
        <p>
          {site.name} es un directorio de escorts mayores de edad en Chile. Cada cuenta se verifica con un
          documento de identidad antes de publicarse, y el contacto es directo, sin intermediarios.
        </p>
      </section>

      <section id="seccion-5" className="info-section">
        <h2>Contacto</h2>
        <p>
          Escríbenos a <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>. Respondemos en días
          hábiles. En <Link to={paths.support}>Soporte</Link> encontrarás las respuestas más pedidas.
        </p>
      </section>
    </article>
  );
}
