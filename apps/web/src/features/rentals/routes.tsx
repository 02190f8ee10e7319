import { lazy } from 'react';
import { Route } from 'react-router';

const RentalsPrivatePage = lazy(() =>
  import('./pages/rentals-page.tsx').then((m) => ({ default: m.RentalsPrivatePage })),
);
const RentalsCityPage = lazy(() =>
  import('./pages/rentals-page.tsx').then((m) => ({ default: m.RentalsCityPage })),
);

/** /Arriendos (signed in), /Cards and /Cards/{city}: the rental area, shown as 'En mantención'. */
export const rentalRoutes = (
  <>
    <Route path="Arriendos" element={<RentalsPrivatePage />} />
    <Route path="Cards" element={<RentalsCityPage />} />
    <Route path="Cards/:city" element={<RentalsCityPage />} />
  </>
);
