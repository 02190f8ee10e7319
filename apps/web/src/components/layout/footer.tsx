import { Link } from 'react-router';
import { todayInChile } from '@encanto/core/chile-time';
import { paths } from '../../config/paths.ts';
import { useInstallOffer } from '../../lib/pwa.ts';
import { InstallAppEntry } from './install-app.tsx';

const sections = ['Política de privacidad', 'Términos de servicio', 'Ayuda', 'Acerca de', 'Contacto'];

/** The year in Chile, the same on the server and in the browser except for a few hours at New Year. */
const currentYear = () => todayInChile(new Date()).slice(0, 4);

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
      <FooterInstall />
      <p className="footer-copy">
        ©{' '}
        {/* A page rendered on 31 December and hydrated on 1 January may differ: the browser's year wins. */}
        <span suppressHydrationWarning>{currentYear()}</span> Todos los derechos reservados
      </p>
    </footer>
  );
}

/** Only where the browser can install the site; nothing in the server's HTML (decision 0166). */
function FooterInstall() {
  if (!useInstallOffer()) return null;
  return (
    <div className="footer-install">
      <InstallAppEntry variant="button" />
    </div>
  );
}
