import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';

/** Distinct pathnames whose matches are kept (one per page address; cards of many profiles cycle). */
const MAX_PATHS = 1000;

/**
 * `<Routes>` with a fixed route table: `<Routes>` rebuilds the table from its children and flattens it,
 * compiling a RegExp per route, on every render, 11% of a server render of /Escort (decision 0112).
 * Here the table is built once and a pathname's matches are kept, so a render only looks them up.
 * `matchRoutes` and `renderMatches` are react-router's own matching and rendering of matches.
 */
export function useRouteTable(routes: RouteObject[]) {
  const { pathname } = useLocation();
  return renderMatches(matchesOf(routes, pathname));
}

const cache = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

function matchesOf(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = cache.get(routes);
  if (!byPath) cache.set(routes, (byPath = new Map()));
  let matches = byPath.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    // Oldest first: a Map iterates in insertion order.
    if (byPath.size >= MAX_PATHS) byPath.delete(byPath.keys().next().value!);
    byPath.set(pathname, matches);
  }
  return matches;
}
