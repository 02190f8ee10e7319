import { Link } from 'react-router';
import { copyrightYear } from '@encanto/core/constants';
import { paths } from '../../config/paths.ts';

const sections = ['Política de privacidad', 'Términos de servicio', 'Ayuda', 'Acerca de', 'Contacto'];

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Información" className="footer-links">
        {sections.map((label, i) => (
          <Link key={label} to={paths.infoSection(i + 1)}>
            {label}
          </Link>
        ))}
        {/* 'Soporte' is inert in the spec. */}
        <span className="footer-inert">Soporte</span>
      </nav>
      <p className="footer-copy">© {copyrightYear} Todos los derechos reservados</p>
    </footer>
  );
}
