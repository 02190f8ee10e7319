import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

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
    <Route path={pages.acceptedClients.pattern} element={<AcceptedClientsPage />} />
    <Route path={pages.clientCard.pattern} element={<ClientCardPage />} />
  </>
);
