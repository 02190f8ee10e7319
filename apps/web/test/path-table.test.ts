import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { legacyRedirects, matchPage, pageRoutes, pages } from '@encanto/core/paths';
import { routes } from '../src/app.tsx';
import { paths } from '../src/config/paths.ts';

/**
 * The web app's routes are the path table's (packages/core/src/paths.ts): app.tsx and every feature's
 * routes.tsx write `path={pages.x.pattern}`, never a literal, and every page of the table is mounted
 * where its pattern says, so a link built with `paths.x` always opens its page.
 */
const webSrc = path.resolve(import.meta.dirname, '../src');
const routeFiles = [
  path.join(webSrc, 'app.tsx'),
  ...fs
    .readdirSync(path.join(webSrc, 'features'))
    .map((feature) => path.join(webSrc, 'features', feature, 'routes.tsx'))
    .filter((file) => fs.existsSync(file)),
];

/** A URL of the pattern, each parameter filled in. */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, 'muestra');

/** The pattern of the route a pathname renders (an index route renders its parent's path). */
function routedPattern(pathname: string): string | undefined {
  const matches = matchRoutes(routes as RouteObject[], pathname);
  const last = matches?.at(-1)?.route;
  if (!matches || !last) return undefined;
  if (last.path === '*') return '*';
  if (last.index) return matches.at(-2)?.route.path ?? '/';
  return last.path;
}

describe('the path table is the route table', () => {
  it('route files write patterns from the table, never a literal path', () => {
    const literals = routeFiles.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\bpath="([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((p) => p !== '*')
        .map((p) => `${path.relative(webSrc, file)}: path="${p}"`),
    );
    expect(literals).toEqual([]);
  });

  it.each(pageRoutes.map((p) => [p.pattern, p.key] as const))('%s (%s) is mounted', (pattern) => {
    expect(routedPattern(sample(pattern))).toBe(pattern);
  });

  it('every old address is mounted as a move to its page', () => {
    // Routes match case-insensitively: /profileUsuario reaches the route of /ProfileUsuario.
    for (const r of legacyRedirects) {
      expect(routedPattern(r.from)?.toLowerCase()).toBe(r.from.toLowerCase());
      expect(matchPage(r.to), r.to).not.toBeNull();
    }
  });

  it("the web's links are the table's", () => {
    expect(paths.card('ana maría')).toBe(pages.card.href('ana maría'));
    expect(paths.requests).toBe('/panel/solicitudes');
    expect(paths.rentalsCity()).toBe(pages.rentalsCities.href);
    for (const page of pageRoutes)
      if (typeof page.href === 'string') expect(matchPage(page.href)?.key).toBe(page.key);
  });
});
