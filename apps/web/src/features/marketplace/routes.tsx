import { lazy } from 'react';
import { Route } from 'react-router';

// Each screen loads on demand.
/** "Favoritos": a section of the client's area (app.tsx places it). */
export const marketplacePages = {
  Favorites: lazy(() => import('./pages/favorites-page.tsx')),
};
const AcceptedClientsPage = lazy(() => import('./pages/accepted-clients-page.tsx'));
const ClientCardPage = lazy(() => import('./pages/client-card-page.tsx'));

/** The marketplace screens, placed inside the main layout by app.tsx. */
export const marketplaceRoutes = (
  <>
    <Route path="clientes-aceptados" element={<AcceptedClientsPage />} />
    <Route path="CardCliente/:nickname" element={<ClientCardPage />} />
  </>
);
