import { lazy, Suspense, type ReactNode } from 'react';
import { createRoutesFromElements, Navigate, Route, useLocation } from 'react-router';
import { MainLayout } from './components/layout/main-layout.tsx';
import { PageSkeleton } from './components/ui/page-skeleton.tsx';
import { ScrollRestoration } from './components/layout/scroll-restoration.tsx';
import { IndexRedirect } from './components/layout/index-redirect.tsx';
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
import { legacyRedirects, pages, paths } from './config/paths.ts';
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

/** The route table of the whole app, built once (lib/route-table.ts); tests match the path table against it. */
export const routes = createRoutesFromElements(
  <>
    <Route element={<MainLayout />}>
      <Route index element={<SplashPage />} />
      <Route path={pages.escorts.pattern} element={<ListingPage />} />
      <Route path={pages.escortsCity.pattern} element={<ListingPage />} />
      <Route path={pages.escortsRegion.pattern} element={<ListingPage />} />
      <Route path={pages.info.pattern} element={<InfoPage />} />
      <Route path={pages.support.pattern} element={<SupportPage />} />
      {accountRoutes}
      {validationRoutes}
      {profileRoutes}
      <Route path={pages.laSerena.pattern} element={<directoryPages.LaSerena />} />
      <Route path={pages.cityLanding.pattern} element={<directoryPages.CityLanding />} />
      <Route path={pages.card.pattern} element={<directoryPages.Card />} />
      <Route path={pages.ownCard.pattern} element={<directoryPages.OwnCard />} />
      {marketplaceRoutes}
      {meetingRoutes}
      {/* The escort's area (Resumen, Solicitudes, Perfil, Fotos, Calificar clientes, Estadísticas, Cuenta). */}
      <Route path={pages.escortHome.pattern} element={<DashboardLayout kind="usuario" />}>
        <Route index element={<profilePages.Summary />} />
        <Route path={pages.requests.pattern} element={<meetingPages.Requests />} />
        <Route path={pages.escortProfile.pattern} element={<profilePages.EscortProfile />} />
        <Route path={pages.photos.pattern} element={<profilePages.Photos />} />
        <Route path={pages.toRate.pattern} element={<profilePages.ToRate />} />
        <Route path={pages.statistics.pattern} element={<profilePages.Statistics />} />
        <Route path={pages.touring.pattern} element={<touringPages.Gira />} />
        <Route path={pages.escortAccount.pattern} element={<profilePages.Account />} />
      </Route>
      {/* The client's area (Favoritos, Mis citas, Mis búsquedas, Perfil, Cuenta). */}
      <Route path={pages.clientArea.pattern} element={<DashboardLayout kind="cliente" />}>
        <Route index element={<IndexRedirect to={paths.favorites} />} />
        <Route path={pages.favorites.pattern} element={<marketplacePages.Favorites />} />
        <Route path={pages.myMeetings.pattern} element={<meetingPages.MyMeetings />} />
        <Route path={pages.savedSearches.pattern} element={<directoryPages.SavedSearches />} />
        <Route path={pages.clientProfile.pattern} element={<profilePages.ClientProfile />} />
        <Route path={pages.clientAccount.pattern} element={<profilePages.Account />} />
      </Route>
      {legacyRedirects.map((r) => (
        <Route key={r.from} path={r.from} element={<Moved to={r.to} />} />
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
 * routes.tsx; every path is a pattern of the path table (config/paths.ts, from packages/core/src/paths.ts).
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
