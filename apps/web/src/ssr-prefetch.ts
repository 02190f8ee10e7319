import { matchPath } from 'react-router';
import { cityFetchNames, cityFetchPath, findCityPage } from '@encanto/core/landing';

/**
 * API GETs whose answers a page needs in its first HTML. The server runs them
 * (as an anonymous visitor) before rendering and seeds the query cache with the
 * same keys the page's hooks use, so public pages arrive complete without JS.
 */
const prefetchRoutes: { pattern: string; paths: (params: Record<string, string | undefined>) => string[] }[] =
  [
    { pattern: '/Escort', paths: () => ['/ultimos'] },
    { pattern: '/Escort/:city', paths: (p) => [`/usuario/ciudad/${encodeURIComponent(p.city ?? '')}`] },
    {
      pattern: '/escorts/:slug',
      paths: (p) => {
        const page = findCityPage(p.slug ?? '');
        return page ? cityFetchNames(page).map(cityFetchPath) : [];
      },
    },
    {
      pattern: '/Card/:nickname',
      paths: (p) => [`/usuario/publico/${encodeURIComponent(p.nickname ?? '')}`],
    },
  ];

export function prefetchPaths(pathname: string): string[] {
  for (const route of prefetchRoutes) {
    const match = matchPath({ path: route.pattern, caseSensitive: false, end: true }, pathname);
    if (match) return route.paths(match.params);
  }
  return [];
}
