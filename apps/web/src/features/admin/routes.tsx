import { lazy, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';

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
  <Route path="pendientes" element={<AdminLayout />}>
    <Route index element={<Navigate to="usuarios" replace />} />
    <Route path="usuarios" element={<PendingPage kind="usuario" />} />
    <Route path="clientes" element={<PendingPage kind="cliente" />} />
    <Route path="auditoria" element={<AuditPage />} />
    <Route path="perfil/:nickname" element={<ProfilePage />} />
    {more}
  </Route>
);
