import { Outlet } from 'react-router';
import { Navbar } from './navbar.tsx';
import { Footer } from './footer.tsx';
import { Hearts } from './hearts.tsx';

export function MainLayout() {
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
