import { NavLink, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { MeetingsBadge } from '../layout/meetings-badge.tsx';
import { RequireAuth } from '../require-auth.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';
import { TrackedSuspense } from '../../lib/hydration.tsx';

export type DashboardKind = 'usuario' | 'cliente';

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Shows the count of requests waiting for an answer. */
  badge?: boolean;
  /** Matches only its own path (the area's index). */
  end?: boolean;
}

export const escortNav: readonly NavItem[] = [
  { to: paths.escortHome, label: 'Resumen', icon: 'home', end: true },
  { to: paths.requests, label: 'Solicitudes', icon: 'calendar', badge: true },
  { to: paths.escortProfile, label: 'Perfil', icon: 'user' },
  { to: paths.photos, label: 'Fotos', icon: 'image' },
  { to: paths.toRate, label: 'Calificar clientes', icon: 'star' },
  { to: paths.statistics, label: 'Estadísticas', icon: 'chart' },
  { to: paths.touring, label: 'Gira', icon: 'pin' },
  { to: paths.escortAccount, label: 'Cuenta', icon: 'lock' },
];

export const clientNav: readonly NavItem[] = [
  { to: paths.favorites, label: 'Favoritos', icon: 'heart' },
  { to: paths.myMeetings, label: 'Mis citas', icon: 'calendar', badge: true },
  { to: paths.savedSearches, label: 'Mis búsquedas', icon: 'search' },
  { to: paths.clientProfile, label: 'Perfil', icon: 'user' },
  { to: paths.clientAccount, label: 'Cuenta', icon: 'lock' },
];

function DashboardSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Cargando...</span>
      <div className="skeleton skeleton-title" />
      <div className="skeleton" style={{ height: 240 }} />
    </div>
  );
}

/**
 * The escort's and the client's own area: one route per section under this
 * layout, a menu whose every item keeps its words on a phone (a wrapping grid,
 * never a sideways scroller that hides items) and the page beside it.
 */
export function DashboardLayout({ kind }: { kind: DashboardKind }) {
  const { nickname } = useSession();
  const items = kind === 'usuario' ? escortNav : clientNav;
  return (
    <div className="page dashboard">
      <RequireAuth kind={kind}>
        <div className="dashboard-layout">
          <aside className="dashboard-side">
            <p className="dashboard-who">
              {kind === 'usuario' ? 'Mi panel' : 'Mi cuenta'}
              {nickname ? <span className="dashboard-nick">@{nickname}</span> : null}
            </p>
            <nav aria-label={kind === 'usuario' ? 'Secciones de mi panel' : 'Secciones de mi cuenta'}>
              <ul className="dashboard-nav">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className="dashboard-link">
                      <Icon name={item.icon} size={18} />
                      <span className="dashboard-label">{item.label}</span>
                      {item.badge ? <MeetingsBadge /> : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <div className="dashboard-main">
            <TrackedSuspense fallback={<DashboardSkeleton />}>
              <Outlet />
            </TrackedSuspense>
          </div>
        </div>
      </RequireAuth>
    </div>
  );
}
