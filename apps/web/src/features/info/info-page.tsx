import { useEffect } from 'react';
import { useLocation } from 'react-router';
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

/** /Informacion: five sections, reached by the buttons here or the footer links (#seccion-1..5). */
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

  const scrollTo = (n: number) => {
    document.getElementById(`seccion-${n}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <article className="page info-page">
      <h1 className="page-title">Información</h1>
      <nav className="chip-row" aria-label="Secciones">
        {sections.map((label, i) => (
          <button key={label} type="button" className="chip" onClick={() => scrollTo(i + 1)}>
            {label}
          </button>
        ))}
      </nav>

      <section id="seccion-1" className="info-section">
        <h2>Política de Privacidad y Seguridad</h2>
        <PrivacySection siteName={site.name} />
      </section>

      <section id="seccion-2" className="info-section">
        <h2>Términos de Servicio</h2>
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
          Escríbenos desde la sección «Mis datos» de tu perfil o al correo de contacto del sitio. Respondemos
          en días hábiles.
        </p>
      </section>
    </article>
  );
}
