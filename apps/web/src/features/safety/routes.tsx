import { lazy } from 'react';
import { Route } from 'react-router';

const AdminPhotoChecksPage = lazy(() => import('./pages/admin-photo-checks-page.tsx'));
const AdminSignalsPage = lazy(() => import('./pages/admin-signals-page.tsx'));
const ContactConfirmPage = lazy(() => import('./pages/contact-confirm-page.tsx'));
const ContactRefusePage = lazy(() => import('./pages/contact-refuse-page.tsx'));

/** Inside the main layout: where a trusted contact's mailed links land (accept, or refuse all mail). */
export const safetyRoutes = (
  <>
    <Route path="ContactoSeguridad" element={<ContactConfirmPage />} />
    <Route path="ContactoSeguridad/baja" element={<ContactRefusePage />} />
  </>
);

/** Children of the admin console at /pendientes: verified photos and signals (issue 21). */
export const safetyAdminRoutes = (
  <>
    <Route path="fotos" element={<AdminPhotoChecksPage />} />
    <Route path="senales" element={<AdminSignalsPage />} />
  </>
);
