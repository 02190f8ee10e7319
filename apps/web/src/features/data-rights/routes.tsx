import { lazy } from 'react';
import { Route } from 'react-router';

const DeleteAccountPage = lazy(() => import('./pages/delete-account-page.tsx'));
const AdminReportsPage = lazy(() => import('./pages/admin-reports-page.tsx'));
const AdminRectificationsPage = lazy(() => import('./pages/admin-rectifications-page.tsx'));

/** Inside the main layout. */
export const dataRightsRoutes = <Route path="EliminarCuenta" element={<DeleteAccountPage />} />;

/** Children of the admin console at /pendientes. */
export const dataRightsAdminRoutes = (
  <>
    <Route path="denuncias" element={<AdminReportsPage />} />
    <Route path="rectificaciones" element={<AdminRectificationsPage />} />
  </>
);
