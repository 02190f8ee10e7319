import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { IndexRedirect } from '../../components/layout/index-redirect.tsx';
import { pages, paths } from '../../config/paths.ts';

const AdminLayout = lazy(() => import('./pages/admin-layout.tsx'));
const PendingPage = lazy(() => import('./pages/pending-page.tsx'));
const AuditPage = lazy(() => import('./pages/audit-page.tsx'));
const ProfilePage = lazy(() => import('./pages/profile-page.tsx'));

/**
 * The admin console, outside the public layout: /pendientes with its tabs, and
 * the admin's view of a reported profile (/pendientes/perfil/{nickname}). Other
 * features' admin pages come in as `more`: app.tsx composes them, since a
 * feature never imports another.
 */
export const adminRoutes = (more: ReactNode) => (
  <Route path={pages.adminPanel.pattern} element={<AdminLayout />}>
    <Route index element={<IndexRedirect to={paths.adminEscorts} />} />
    <Route path={pages.adminEscorts.pattern} element={<PendingPage kind="usuario" />} />
    <Route path={pages.adminClients.pattern} element={<PendingPage kind="cliente" />} />
    <Route path={pages.adminAudit.pattern} element={<AuditPage />} />
    <Route path={pages.adminProfile.pattern} element={<ProfilePage />} />
    {more}
  </Route>
);
