import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

// Each screen loads on demand; the registration forms carry the zod schemas and the city catalogue.
const LoginLayout = lazy(() => import('./pages/login-layout.tsx'));
const ClientLogin = lazy(() => import('./pages/client-login-page.tsx'));
const EscortLogin = lazy(() => import('./pages/escort-login-page.tsx'));
const AdminLogin = lazy(() => import('./pages/admin-login-page.tsx'));
const RegisterLayout = lazy(() => import('./pages/register-layout.tsx'));
const RegisterClient = lazy(() => import('./pages/register-client-page.tsx'));
const RegisterEscort = lazy(() => import('./pages/register-escort-page.tsx'));
const Registered = lazy(() => import('./pages/registered-page.tsx'));
const ForgotClient = lazy(() => import('./pages/forgot-client-page.tsx'));
const ForgotEscort = lazy(() => import('./pages/forgot-escort-page.tsx'));
const RecoverClient = lazy(() => import('./pages/recover-client-page.tsx'));
const RecoverEscort = lazy(() => import('./pages/recover-escort-page.tsx'));
const ClientResetLink = lazy(() => import('./pages/reset-link-page.tsx'));
const EscortResetLink = lazy(() => import('./pages/escort-reset-link-page.tsx'));
const NotMe = lazy(() => import('./pages/not-me-page.tsx'));

/** The account screens, placed inside the main layout by app.tsx. */
export const accountRoutes = (
  <>
    <Route path={pages.login.pattern} element={<LoginLayout />}>
      <Route index element={<ClientLogin />} />
      <Route path={pages.clientLogin.pattern} element={<ClientLogin />} />
      <Route path={pages.escortLogin.pattern} element={<EscortLogin />} />
    </Route>
    <Route path={pages.adminLogin.pattern} element={<AdminLogin />} />
    <Route path={pages.adminLoginAlias.pattern} element={<AdminLogin />} />
    <Route path={pages.register.pattern} element={<RegisterLayout />}>
      <Route index element={<RegisterClient />} />
      <Route path={pages.registerClient.pattern} element={<RegisterClient />} />
      <Route path={pages.registerEscort.pattern} element={<RegisterEscort />} />
    </Route>
    <Route path={pages.registered.pattern} element={<Registered />} />
    <Route path={pages.forgotClient.pattern} element={<ForgotClient />} />
    <Route path={pages.forgotEscort.pattern} element={<ForgotEscort />} />
    <Route path={pages.recoverClient.pattern} element={<RecoverClient />} />
    <Route path={pages.recoverEscort.pattern} element={<RecoverEscort />} />
    <Route path={pages.resetClient.pattern} element={<ClientResetLink />} />
    <Route path={pages.resetEscort.pattern} element={<EscortResetLink />} />
    <Route path={pages.notMe.pattern} element={<NotMe />} />
  </>
);
