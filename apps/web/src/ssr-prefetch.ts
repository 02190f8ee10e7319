import { matchPath } from 'react-router';
import { findPickerComuna, findPickerRegion } from '@encanto/core/geo-picker';
import { findCityPage } from '@encanto/core/landing';
import {
  filtersFromQuery,
  listingApiPath,
  pageFromQuery,
  type ListingPlace,
} from '@encanto/core/search-params';
import { slugify } from '@encanto/core/text';
import { pages } from './config/paths.ts';
import { publicCardPath, similarPath } from './features/directory/api/card.ts';

type Params = Record<string, string | undefined>;

/** A listing page's one API read: the page of the search its URL names (filters, page cursor). */
const listing =
  (place: (p: Params) => ListingPlace | undefined) =>
  (p: Params, query: URLSearchParams): string[] => {
    const where = place(p);
    const { cursor, pagina } = pageFromQuery(query);
    return where ? [listingApiPath(where, filtersFromQuery(query), cursor, pagina)] : [];
  };

/**
 * API GETs whose answers a page needs in its first HTML. The server runs them
 * (as an anonymous visitor) before rendering and seeds the query cache with the
 * same keys the page's hooks use, so public pages arrive complete without JS.
 */
const prefetchRoutes: { pattern: string; paths: (params: Params, query: URLSearchParams) => string[] }[] = [
  { pattern: pages.escorts.pattern, paths: listing(() => ({})) },
  {
    pattern: pages.escortsRegion.pattern,
    paths: listing((p) => {
      const region = findPickerRegion(p.region ?? '');
      return region ? { region: region.slug } : undefined;
    }),
  },
  {
    pattern: pages.escortsCity.pattern,
    paths: listing((p) => {
      const match = findPickerComuna(p.city ?? '');
      return match ? { comuna: slugify(match.comuna) } : undefined;
    }),
  },
  {
    pattern: pages.cityLanding.pattern,
    paths: listing((p) => {
      const page = findCityPage(p.slug ?? '');
      return page ? { ciudad: page.slug } : undefined;
    }),
  },
  {
    pattern: pages.card.pattern,
    paths: (p) => [publicCardPath(p.nickname ?? ''), similarPath(p.nickname ?? '')],
  },
];

export function prefetchPaths(pathname: string, search = ''): string[] {
  const query = new URLSearchParams(search);
  for (const route of prefetchRoutes) {
    const match = matchPath({ path: route.pattern, caseSensitive: false, end: true }, pathname);
    if (match) return route.paths(match.params, query);
  }
  return [];
}
