import { Navigate } from 'react-router';
import { useHydrated, useServerRedirect } from '../../lib/session.ts';

/**
 * An area's index that shows one of its pages (/mi-cuenta → Favoritos, /pendientes → Escorts): a 302
 * from the server when it renders for a session, a client-side move after hydration otherwise.
 * <Navigate> is never rendered on the server, where React Router can only warn that it does nothing.
 */
export function IndexRedirect({ to }: { to: string }) {
  const hydrated = useHydrated();
  useServerRedirect(to);
  return hydrated ? <Navigate to={to} replace /> : null;
}
