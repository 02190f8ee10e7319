import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useHydrated, useSession, type Role } from '../lib/session.ts';

export interface RequireAuthProps {
  children: ReactNode;
  /** Only this kind of account may see the screen; others go to /Login too. */
  kind?: Exclude<Role, null>;
}

/**
 * Guard for own-account screens. The server render and the first client render
 * know no session (it lives in localStorage), so they show a skeleton; after
 * hydration a visitor without a stored token is sent to /Login, replacing the
 * history entry so Back does not return to the guarded screen.
 */
export function RequireAuth({ children, kind }: RequireAuthProps) {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const allowed = session.token !== null && (kind === undefined || session.role === kind);

  useEffect(() => {
    if (hydrated && !allowed) void navigate(paths.login, { replace: true });
  }, [hydrated, allowed, navigate]);

  if (!hydrated || !allowed) {
    return (
      <div className="page" aria-busy="true" aria-live="polite">
        <span className="visually-hidden">Cargando...</span>
        <div className="skeleton skeleton-title" />
        <div className="skeleton" style={{ height: 240 }} />
      </div>
    );
  }
  return <>{children}</>;
}
