import { useLocation } from 'react-router';
import {
  filterParams,
  filtersFromQuery,
  hasFilters,
  pageFromQuery,
  queryString,
  type ListingFilters,
} from '@encanto/core/search-params';

/** A listing page's state as its URL holds it: filters, the page number and the API cursor of that page. */
export function useListingUrl() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const filters = filtersFromQuery(query);
  const { pagina, cursor } = pageFromQuery(query);
  return {
    pathname: location.pathname,
    filters,
    pagina,
    cursor,
    /** Filtered or a later page: not indexed, canonical to the plain list. */
    narrowed: hasFilters(filters) || pagina > 1,
  };
}

/** The URL of page `pagina` of a listing (its API cursor), keeping the filters. */
export function listingPageHref(
  pathname: string,
  filters: ListingFilters,
  pagina: number,
  cursor: string | null | undefined,
): string {
  const pairs = filterParams(filters);
  if (pagina > 1 && cursor) pairs.push(['pagina', String(pagina)], ['cursor', cursor]);
  return `${pathname}${queryString(pairs)}`;
}
