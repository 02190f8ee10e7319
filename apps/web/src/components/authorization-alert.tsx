import { lazy, Suspense } from 'react';
import { useHydrated, useSession } from '../lib/session.ts';

// The alert's code (and the validation texts with their zod schemas) loads only
// for a signed-in escort or client: public listings stay within their JS budget.
const AuthorizationAlertContent = lazy(() => import('./authorization-alert-content.tsx'));

/**
 * The pending-authorisation message for a logged-in escort or client (marketplace
 * spec section 4); renders nothing for visitors, on the server and during hydration.
 */
export function AuthorizationAlert() {
  const hydrated = useHydrated();
  const session = useSession();
  const signedIn =
    hydrated &&
    ((session.role === 'cliente' && session.rut) || (session.role === 'usuario' && session.nickname));
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <AuthorizationAlertContent />
    </Suspense>
  );
}
