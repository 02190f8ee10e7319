import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

const RentalsPrivatePage = lazy(() =>
  import('./pages/rentals-page.tsx').then((m) => ({ default: m.RentalsPrivatePage })),
);
const RentalsCityPage = lazy(() =>
  import('./pages/rentals-page.tsx').then((m) => ({ default: m.RentalsCityPage })),
);

/** /Arriendos (signed in), /Cards and /Cards/{city}: the rental area, shown as 'En mantención'. */
export const rentalRoutes = (
  <>
    <Route path={pages.rentals.pattern} element={<RentalsPrivatePage />} />
    <Route path={pages.rentalsCities.pattern} element={<RentalsCityPage />} />
    <Route path={pages.rentalsCity.pattern} element={<RentalsCityPage />} />
  </>
);
