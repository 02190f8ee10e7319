import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import { dataRightsAdminRoutes } from '../data-rights/routes.tsx';

const AdminLayout = lazy(() => import('./pages/admin-layout.tsx'));
const PendingPage = lazy(() => import('./pages/pending-page.tsx'));
const AuditPage = lazy(() => import('./pages/audit-page.tsx'));

/** The admin console, outside the public layout: /pendientes with its tabs. */
export const adminRoutes = (
  <Route path="pendientes" element={<AdminLayout />}>
    <Route index element={<Navigate to="usuarios" replace />} />
    <Route path="usuarios" element={<PendingPage kind="usuario" />} />
    <Route path="clientes" element={<PendingPage kind="cliente" />} />
    <Route path="auditoria" element={<AuditPage />} />
    {dataRightsAdminRoutes}
    {/* admin child routes */}
  </Route>
);
