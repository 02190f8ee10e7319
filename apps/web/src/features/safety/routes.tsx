import { lazy } from 'react';
import { Route } from 'react-router';

const AdminPhotoChecksPage = lazy(() => import('./pages/admin-photo-checks-page.tsx'));
const AdminSignalsPage = lazy(() => import('./pages/admin-signals-page.tsx'));
const ContactConfirmPage = lazy(() => import('./pages/contact-confirm-page.tsx'));

/** Inside the main layout: where a trusted contact's mailed link lands. */
export const safetyRoutes = <Route path="ContactoSeguridad" element={<ContactConfirmPage />} />;

/** Children of the admin console at /pendientes: verified photos and signals (issue 21). */
export const safetyAdminRoutes = (
  <>
    <Route path="fotos" element={<AdminPhotoChecksPage />} />
    <Route path="senales" element={<AdminSignalsPage />} />
  </>
);
