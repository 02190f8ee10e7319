import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useHydrated, useServerRedirect, useSession, type Role } from '../lib/session.ts';

export interface RequireAuthProps {
  children: ReactNode;
  /** Only this kind of account may see the screen; others go to /Login too. */
  kind?: Exclude<Role, null>;
}

/**
 * Guard for own-account screens. A page rendered for the session cookie knows the
 * account on the server: an allowed one gets the screen in the first HTML, any
 * other is answered with a 302 to /Login. The shared anonymous render (no cookie)
 * shows a skeleton; after hydration a browser without a stored session is sent to
 * /Login, replacing the history entry so Back does not return to the guarded screen.
 */
export function RequireAuth({ children, kind }: RequireAuthProps) {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const allowed = session.signedIn && (kind === undefined || session.role === kind);
  useServerRedirect(allowed ? null : paths.login);

  useEffect(() => {
    if (hydrated && !allowed) void navigate(paths.login, { replace: true });
  }, [hydrated, allowed, navigate]);

  if (!allowed) {
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
