import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

const AdminPhotoChecksPage = lazy(() => import('./pages/admin-photo-checks-page.tsx'));
const AdminSignalsPage = lazy(() => import('./pages/admin-signals-page.tsx'));
const AdminAlertsPage = lazy(() => import('./pages/admin-alerts-page.tsx'));
const AdminAttendancePage = lazy(() => import('./pages/admin-attendance-page.tsx'));
const ContactConfirmPage = lazy(() => import('./pages/contact-confirm-page.tsx'));
const ContactRefusePage = lazy(() => import('./pages/contact-refuse-page.tsx'));
const PhotoLookAlikePage = lazy(() => import('./pages/photo-look-alike-page.tsx'));

/** Inside the main layout: pages mailed links land on (a trusted contact's answer, a look-alike photo's report). */
export const safetyRoutes = (
  <>
    <Route path={pages.contactConfirm.pattern} element={<ContactConfirmPage />} />
    <Route path={pages.contactRefuse.pattern} element={<ContactRefusePage />} />
    <Route path={pages.photoLookAlike.pattern} element={<PhotoLookAlikePage />} />
  </>
);

/** Children of the admin console at /pendientes: verified photos and signals (decisions 0082 and 0084). */
export const safetyAdminRoutes = (
  <>
    <Route path={pages.adminPhotoChecks.pattern} element={<AdminPhotoChecksPage />} />
    <Route path={pages.adminSignals.pattern} element={<AdminSignalsPage />} />
    <Route path={pages.adminAlerts.pattern} element={<AdminAlertsPage />} />
    <Route path={pages.adminAttendance.pattern} element={<AdminAttendancePage />} />
  </>
);
