import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAgeConfirmed } from '../../lib/age-notice.ts';
import { useSession } from '../../lib/session.ts';
import { Navbar } from './navbar.tsx';
import { Footer } from './footer.tsx';
import { Hearts } from './hearts.tsx';

// Only a device that has not answered the 18+ notice downloads it.
const AgeNotice = lazy(() => import('./age-notice.tsx'));

export function MainLayout() {
  const ageConfirmed = useAgeConfirmed();
  // Someone signed in registered as an adult: no need to ask.
  const signedIn = useSession().signedIn;
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
      {ageConfirmed || signedIn ? null : (
        <Suspense fallback={null}>
          <AgeNotice />
        </Suspense>
      )}
    </div>
  );
}
