import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useHydrated, useSession } from '../../lib/session.ts';
import { Navbar } from './navbar.tsx';
import { Footer } from './footer.tsx';
import { Hearts } from './hearts.tsx';

// Loaded for signed-in browsers only, after hydration: a visitor's first view stays light.
const SessionRenewalDialog = lazy(() => import('../session-renewal-dialog.tsx'));
const LiveEvents = lazy(() => import('./live-events.tsx'));

export function MainLayout() {
  const session = useSession();
  const hydrated = useHydrated();
  // One event stream per signed-in tab, for every page: the badge, the lists and the conversation
  // follow it (lib/live.ts, decision 0162). Admins have no meetings.
  const live = hydrated && (session.role === 'cliente' || session.role === 'usuario');
  // The 18+ notice is not React's: it is in the server's HTML of anonymous pages, before this app's
  // markup, with its own inline script (packages/core/src/age-notice.ts, decision 0141).
  return (
    <div className="layout">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="contenido" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Hearts />
      {hydrated && session.signedIn ? (
        <Suspense fallback={null}>
          <SessionRenewalDialog />
          {live ? <LiveEvents /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
