import { lazy, Suspense, type ReactNode } from 'react';
import { createRoutesFromElements, Navigate, Route, useLocation } from 'react-router';
import { MainLayout } from './components/layout/main-layout.tsx';
import { PageSkeleton } from './components/ui/page-skeleton.tsx';
import { ScrollRestoration } from './components/layout/scroll-restoration.tsx';
import { accountRoutes } from './features/accounts/routes.tsx';
import { directoryPages } from './features/directory/routes.tsx';
import { validationRoutes } from './features/validation/routes.tsx';
import { profilePages, profileRoutes } from './features/profiles/routes.tsx';
import { touringPages } from './features/touring/routes.tsx';
import { adminRoutes } from './features/admin/routes.tsx';
import { rentalRoutes } from './features/rentals/routes.tsx';
import { marketplacePages, marketplaceRoutes } from './features/marketplace/routes.tsx';
import { meetingPages, meetingRoutes } from './features/meetings/routes.tsx';
import { DashboardLayout } from './components/dashboard/dashboard-layout.tsx';
import { legacyRedirects } from './config/paths.ts';
import { dataRightsAdminRoutes, dataRightsRoutes } from './features/data-rights/routes.tsx';
import { safetyAdminRoutes, safetyRoutes } from './features/safety/routes.tsx';
import { useRouteTable } from './lib/route-table.ts';

// Pages load on demand so a visitor downloads only the code of the page they open.
const SplashPage = lazy(() => import('./features/splash/splash-page.tsx'));
const ListingPage = lazy(() => import('./features/directory/listing-page.tsx'));
const InfoPage = lazy(() => import('./features/info/info-page.tsx'));
const SupportPage = lazy(() => import('./features/info/support-page.tsx'));
const NotFoundPage = lazy(() => import('./components/not-found-page.tsx'));

/** An address that moved: the server answers it with a 301; this covers links followed inside the app. */
function Moved({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** The route table of the whole app, built once (lib/route-table.ts). */
const routes = createRoutesFromElements(
  <>
    <Route element={<MainLayout />}>
      <Route index element={<SplashPage />} />
      <Route path="Escort" element={<ListingPage />} />
      <Route path="Escort/:city" element={<ListingPage />} />
      <Route path="Escort/region/:region" element={<ListingPage />} />
      <Route path="Informacion" element={<InfoPage />} />
      <Route path="Soporte" element={<SupportPage />} />
      {accountRoutes}
      {validationRoutes}
      {profileRoutes}
      <Route path="Escort/La-Serena" element={<directoryPages.LaSerena />} />
      <Route path="escorts/:slug" element={<directoryPages.CityLanding />} />
      <Route path="Card/:nickname" element={<directoryPages.Card />} />
      <Route path="TuCard/:nickname" element={<directoryPages.OwnCard />} />
      {marketplaceRoutes}
      {meetingRoutes}
      {/* The escort's area (Resumen, Solicitudes, Perfil, Fotos, Calificar clientes, Estadísticas, Cuenta). */}
      <Route path="panel" element={<DashboardLayout kind="usuario" />}>
        <Route index element={<profilePages.Summary />} />
        <Route path="solicitudes" element={<meetingPages.Requests />} />
        <Route path="perfil" element={<profilePages.EscortProfile />} />
        <Route path="fotos" element={<profilePages.Photos />} />
        <Route path="calificar" element={<profilePages.ToRate />} />
        <Route path="estadisticas" element={<profilePages.Statistics />} />
        <Route path="gira" element={<touringPages.Gira />} />
        <Route path="cuenta" element={<profilePages.Account />} />
      </Route>
      {/* The client's area (Favoritos, Mis citas, Perfil, Cuenta). */}
      <Route path="mi-cuenta" element={<DashboardLayout kind="cliente" />}>
        <Route index element={<Navigate to="favoritos" replace />} />
        <Route path="favoritos" element={<marketplacePages.Favorites />} />
        <Route path="citas" element={<meetingPages.MyMeetings />} />
        <Route path="perfil" element={<profilePages.ClientProfile />} />
        <Route path="cuenta" element={<profilePages.Account />} />
      </Route>
      {legacyRedirects.map((r) => (
        <Route key={r.from} path={r.from.slice(1)} element={<Moved to={r.to} />} />
      ))}
      {rentalRoutes}
      {dataRightsRoutes}
      {safetyRoutes}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    {adminRoutes(
      <>
        {dataRightsAdminRoutes}
        {safetyAdminRoutes}
      </>,
    )}
  </>,
);

function AppRoutes() {
  return useRouteTable(routes);
}

/**
 * The app: scroll handling and the pages. Each feature exports its routes from its own
 * routes.tsx; paths come from config/paths.ts.
 *
 * `afterPage` is rendered inside the pages' Suspense boundary, so it commits
 * together with the page: when hydration meets a lazy page whose code has not
 * arrived yet, React leaves the boundary as server HTML and commits everything
 * outside it, so an effect outside would run before the page can be used. It comes
 * after the routes: siblings' effects run in order, so the page's TrackedSuspense
 * boundaries have said whether they are pending before it runs.
 */
export function App({ afterPage }: { afterPage?: ReactNode }) {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageSkeleton />}>
        <AppRoutes />
        {afterPage}
      </Suspense>
    </>
  );
}
