import { NavLink, Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSite } from '../../lib/site.tsx';
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
          // One labelled entry to her area, with the count of requests waiting (the area's menu has the rest).
          <NavLink to={paths.escortHome} className="navbar-with-badge">
            Mi panel
            <MeetingsBadge />
          </NavLink>
        )}
      </nav>
      <div className="navbar-account">
        {session.signedIn ? (
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
