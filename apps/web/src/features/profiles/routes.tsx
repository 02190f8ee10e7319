import { lazy } from 'react';
import { Route } from 'react-router';

const EscortProfilePage = lazy(() => import('./pages/escort-profile-page.tsx'));
const ClientProfilePage = lazy(() => import('./pages/client-profile-page.tsx'));
const ChangeCityPage = lazy(() => import('./pages/change-city-page.tsx'));
const StatusChangedPage = lazy(() => import('./pages/status-changed-page.tsx'));

/**
 * Own-profile screens, each behind the account guard. Route matching is
 * case-insensitive, so 'ProfileUsuario' also answers /profileUsuario.
 */
export const profileRoutes = (
  <>
    <Route path="ProfileUsuario" element={<EscortProfilePage />} />
    <Route path="profileCliente" element={<ClientProfilePage />} />
    <Route path="CambiarCiudad" element={<ChangeCityPage />} />
    <Route path="ModificaEstado" element={<StatusChangedPage />} />
  </>
);
