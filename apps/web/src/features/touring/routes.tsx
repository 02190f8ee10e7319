import { lazy } from 'react';

/** The escort's touring section; app.tsx places it under the dashboard layout. */
export const touringPages = {
  Gira: lazy(() => import('./pages/gira-page.tsx')),
};
