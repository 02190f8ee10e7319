import { lazy } from 'react';
import { Route } from 'react-router';

const AdminPhotoChecksPage = lazy(() => import('./pages/admin-photo-checks-page.tsx'));
const AdminSignalsPage = lazy(() => import('./pages/admin-signals-page.tsx'));

/** Children of the admin console at /pendientes: verified photos and signals (issue 21). */
export const safetyAdminRoutes = (
  <>
    <Route path="fotos" element={<AdminPhotoChecksPage />} />
    <Route path="senales" element={<AdminSignalsPage />} />
  </>
);
