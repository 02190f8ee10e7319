import { NavLink, Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSite } from '../../lib/site.tsx';
import { Icon } from '../ui/icon.tsx';
import { AccountMenu } from './account-menu.tsx';
import { MeetingsBadge } from './meetings-badge.tsx';

export function Navbar() {
  const session = useSession();
  const site = useSite();
  const isEscort = session.role === 'usuario';
  const isClient = session.role === 'cliente';
  return (
    <header className="navbar">
      <Link to={paths.home} className="navbar-brand">
        {site.name}
      </Link>
      <nav aria-label="Principal" className="navbar-links">
        <NavLink to={paths.home} end>
          Inicio
        </NavLink>
        <NavLink to={paths.escorts}>Escort</NavLink>
        <NavLink to={paths.info}>Información</NavLink>
        {isClient && (
          <NavLink to={paths.myMeetings} className="navbar-with-badge">
            Mis citas
            <MeetingsBadge />
          </NavLink>
        )}
        {isEscort && (
          <>
            {/* Labels are hidden for escorts: icons with accessible names. */}
            <NavLink to={paths.changeCity} aria-label="Ciudad" title="Ciudad" className="navbar-icon">
              <Icon name="pin" />
            </NavLink>
            <NavLink to={paths.rentals} aria-label="Lugar" title="Lugar" className="navbar-icon">
              <Icon name="home" />
            </NavLink>
            <NavLink to={paths.gallery} aria-label="Imágenes" title="Imágenes" className="navbar-icon">
              <Icon name="image" />
            </NavLink>
          </>
        )}
      </nav>
      <div className="navbar-account">
        {isEscort && (
          // Beside the account menu rather than in the row of links: the escort's icons fill that row on phones.
          <NavLink
            to={paths.requests}
            aria-label="Solicitudes"
            title="Solicitudes"
            className="navbar-icon navbar-account-icon navbar-with-badge"
          >
            <Icon name="calendar" />
            <MeetingsBadge />
          </NavLink>
        )}
        {session.token ? (
          <AccountMenu />
        ) : (
          <>
            <NavLink to={paths.login} className="navbar-cta-secondary">
              Ingresar
            </NavLink>
            <NavLink to={paths.register} className="navbar-cta">
              Registrarse
            </NavLink>
          </>
        )}
      </div>
    </header>
  );
}
