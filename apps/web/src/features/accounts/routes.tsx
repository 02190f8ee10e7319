import { lazy } from 'react';
import { Route } from 'react-router';

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
    <Route path="Login" element={<LoginLayout />}>
      <Route index element={<ClientLogin />} />
      <Route path="clienteLogin" element={<ClientLogin />} />
      <Route path="EscortLogin" element={<EscortLogin />} />
    </Route>
    <Route path="login-admin" element={<AdminLogin />} />
    <Route path="Admin" element={<AdminLogin />} />
    <Route path="registro" element={<RegisterLayout />}>
      <Route index element={<RegisterClient />} />
      <Route path="cliente" element={<RegisterClient />} />
      <Route path="RegistroEscort" element={<RegisterEscort />} />
    </Route>
    <Route path="RegistroExitoso" element={<Registered />} />
    <Route path="OlvidoPassCliente" element={<ForgotClient />} />
    <Route path="OlvidoPassUsuario" element={<ForgotEscort />} />
    <Route path="RecuperaPassCliente" element={<RecoverClient />} />
    <Route path="RecuperaPassUsuario" element={<RecoverEscort />} />
    <Route path="cliente/resetear-pass/:token" element={<ClientResetLink />} />
    <Route path="usuario/resetear-pass/:token" element={<EscortResetLink />} />
    <Route path="seguridad/no-fui-yo/:token" element={<NotMe />} />
  </>
);
