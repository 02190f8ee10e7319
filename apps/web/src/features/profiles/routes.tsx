import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

const ChangeCityPage = lazy(() => import('./pages/change-city-page.tsx'));
const StatusChangedPage = lazy(() => import('./pages/status-changed-page.tsx'));

/** Own-area sections of this feature; app.tsx places them under the dashboard layout. */
export const profilePages = {
  Summary: lazy(() => import('./pages/summary-page.tsx')),
  EscortProfile: lazy(() => import('./pages/escort-profile-page.tsx')),
  Photos: lazy(() => import('./pages/photos-page.tsx')),
  ToRate: lazy(() => import('./pages/to-rate-page.tsx')),
  Statistics: lazy(() => import('./pages/statistics-page.tsx')),
  Account: lazy(() => import('./pages/account-page.tsx')),
  ClientProfile: lazy(() => import('./pages/client-profile-page.tsx')),
};

/**
 * Own-profile screens outside the area's menu, each behind the account guard.
 * Route matching is case-insensitive.
 */
export const profileRoutes = (
  <>
    <Route path={pages.changeCity.pattern} element={<ChangeCityPage />} />
    <Route path={pages.statusChanged.pattern} element={<StatusChangedPage />} />
  </>
);
