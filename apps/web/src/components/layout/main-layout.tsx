import { Outlet } from 'react-router';
import { Navbar } from './navbar.tsx';
import { Footer } from './footer.tsx';
import { Hearts } from './hearts.tsx';

export function MainLayout() {
  // The 18+ notice is not React's: it is in the server's HTML of anonymous pages, before this app's
  // markup, with its own inline script (packages/core/src/age-notice.ts, decision 0153).
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
    </div>
  );
}
