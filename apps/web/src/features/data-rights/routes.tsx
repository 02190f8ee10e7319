import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

const DeleteAccountPage = lazy(() => import('./pages/delete-account-page.tsx'));
const AdminReportsPage = lazy(() => import('./pages/admin-reports-page.tsx'));
const AdminRectificationsPage = lazy(() => import('./pages/admin-rectifications-page.tsx'));

/** Inside the main layout. */
export const dataRightsRoutes = <Route path={pages.deleteAccount.pattern} element={<DeleteAccountPage />} />;

/** Children of the admin console at /pendientes. */
export const dataRightsAdminRoutes = (
  <>
    <Route path={pages.adminReports.pattern} element={<AdminReportsPage />} />
    <Route path={pages.adminRectifications.pattern} element={<AdminRectificationsPage />} />
  </>
);
