import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

const sections = ['Política de privacidad', 'Términos de servicio', 'Ayuda', 'Acerca de', 'Contacto'];

// Built once: a new DateTimeFormat per render was 4% of a listing render's CPU (issue 22).
const yearInChile = new Intl.DateTimeFormat('es-CL', { year: 'numeric', timeZone: 'America/Santiago' });
/** The year in Chile, the same on the server and in the browser except for a few hours at New Year. */
const currentYear = () => yearInChile.format(new Date());

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Información" className="footer-links">
        {sections.map((label, i) => (
          <Link key={label} to={paths.infoSection(i + 1)}>
            {label}
          </Link>
        ))}
        <Link to={paths.support}>Soporte</Link>
      </nav>
      <p className="footer-copy">
        ©{' '}
        {/* A page rendered on 31 December and hydrated on 1 January may differ: the browser's year wins. */}
        <span suppressHydrationWarning>{currentYear()}</span> Todos los derechos reservados
      </p>
    </footer>
  );
}
