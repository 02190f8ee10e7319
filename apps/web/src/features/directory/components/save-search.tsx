import { lazy, Suspense } from 'react';
import type { PageFilters } from '@encanto/core/search-filters';
import type { ListingPlace } from '@encanto/core/search-params';
import { useHydrated, useSession } from '../../../lib/session.ts';

const SaveSearchPanel = lazy(() => import('./save-search-panel.tsx'));

/**
 * "Guardar búsqueda" (decision 0175), for a signed-in client only (the API refuses others), once the page
 * is hydrated: its code (the form and the rule it checks) never reaches a visitor's first view of a
 * listing (the city page's script budget, e2e/budget.test.ts).
 */
export function SaveSearch(props: {
  place: ListingPlace;
  placeName: string | undefined;
  filters: PageFilters;
}) {
  const { role } = useSession();
  const hydrated = useHydrated();
  if (role !== 'cliente' || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchPanel {...props} />
    </Suspense>
  );
}
