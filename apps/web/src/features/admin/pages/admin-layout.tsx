import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ADMIN_PANEL, useAdminHead } from '../../../lib/admin-head.ts';
import { useLogout } from '../../../lib/logout.ts';
import { useHydrated, useServerRedirect, useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useSignals } from '../../../lib/api/safety.ts';

/** Tabs of the console, named for what they hold; other admin features add theirs here. */
const tabs: { to: string; label: string; also?: string }[] = [
  { to: paths.adminEscorts, label: 'Escorts' },
  { to: paths.adminClients, label: 'Clientes' },
  // A reported profile's view belongs to Denuncias: the tab stays marked there.
  { to: paths.adminReports, label: 'Denuncias', also: paths.adminProfile('') },
  { to: paths.adminRectifications, label: 'Rectificaciones' },
  { to: paths.adminPhotoChecks, label: 'Fotos' },
  { to: paths.adminSignals, label: 'Señales' },
  { to: paths.adminAlerts, label: 'Alertas' },
  { to: paths.adminAttendance, label: 'Asistencia' },
  { to: paths.adminAudit, label: 'Auditoría' },
  // admin tabs
];

/** Open signals that involve a listed profile: what the admin should look at first. */
function SignalCount() {
  const signals = useSignals();
  const n = signals.data?.filter((s) => s.perfil_publicado).length ?? 0;
  if (n === 0) return null;
  return (
    <span className="safety-tab-count" aria-label={`${n} con perfil publicado`}>
      {n}
    </span>
  );
}

/** The console's title until a page, once shown, sets its own (see useAdminHead). */
function ConsoleHead() {
  useAdminHead(null);
  return null;
}

/**
 * /pendientes: needs a signed-in session with stored tipo 'admin', else /login-admin
 * (spec; a 302 from the server when it rendered for the session cookie). The server
 * checks the session on every call anyway; this only keeps visitors from seeing an
 * empty console.
 */
export default function AdminLayout() {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const site = useSite();
  const allowed = session.signedIn && session.tipo === 'admin';
  useServerRedirect(allowed ? null : paths.adminLogin);

  useEffect(() => {
    if (hydrated && !allowed) void navigate(paths.adminLogin, { replace: true });
  }, [hydrated, allowed, navigate]);

  const leave = useLogout();
  const logout = () => leave(paths.adminLogin, { replace: true });

  return (
    <div className="admin">
      <header className="admin-bar">
        <Link to={paths.adminPanel} className="admin-brand">
          {site.name} <span>Administración</span>
        </Link>
        {allowed && (
          <div className="admin-bar-end">
            <span className="admin-who">[{session.nickname}]</span>
            <Link to={paths.home} className="admin-bar-link">
              Ver sitio
            </Link>
            <button
              type="button"
              className="button button-secondary admin-logout"
              onClick={() => void logout()}
            >
              Salir
            </button>
          </div>
        )}
      </header>
      <main className="admin-main" id="contenido">
        <h1 className="admin-title">{ADMIN_PANEL}</h1>
        {!allowed ? (
          <div aria-busy="true">
            <ConsoleHead />
            <span className="visually-hidden">Cargando...</span>
            <div className="skeleton skeleton-title" />
          </div>
        ) : (
          <>
            <nav className="admin-tabs" aria-label="Secciones del panel">
              {tabs.map((t) => (
                <NavLink
                  key={t.to}
                  to={t.to}
                  className={({ isActive }) =>
                    `admin-tab${isActive || (t.also && pathname.startsWith(t.also)) ? ' active' : ''}`
                  }
                >
                  {t.label}
                  {t.to === paths.adminSignals ? <SignalCount /> : null}
                </NavLink>
              ))}
            </nav>
            <Outlet />
          </>
        )}
      </main>
    </div>
  );
}
