import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyRedirects, matchPage, pageRoutes, type PageRoute } from '@encanto/core/paths';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { sitemapText } from '../helpers/sitemap.ts';

/**
 * robots.txt and the sitemap are built from the path table (packages/core/src/paths.ts): every
 * private page is disallowed, no public page is, and the sitemap lists only public indexable pages,
 * every fixed one among them.
 */
let t: TestApp;
let robots: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: 'https://encanto.example' } });
  await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'La Serena' });
  await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Viña del Mar' });
  robots = (await t.app.inject('/robots.txt')).body;
});
afterAll(async () => {
  await t?.close();
});

const disallows = () => [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!);
/** Whether robots.txt keeps crawlers from a path (robots rules are prefixes). */
const blocked = (path: string) => disallows().some((prefix) => path.startsWith(prefix));
/** An address of the page: each parameter filled with a sample value. */
const sample = (page: PageRoute) => page.pattern.replace(/:[^/]+/g, 'muestra');

describe('robots.txt from the path table', () => {
  it('disallows every private page and every old address that moved to one', () => {
    const privates = pageRoutes.filter((p) => p.access === 'private');
    expect(privates.length).toBeGreaterThan(30);
    expect(privates.filter((p) => !blocked(sample(p))).map((p) => p.pattern)).toEqual([]);
    const moved = legacyRedirects.filter((r) => matchPage(r.to)?.access === 'private');
    expect(moved.filter((r) => !blocked(r.from)).map((r) => r.from)).toEqual([]);
    // The review's findings: the areas, the meeting page and the account deletion.
    for (const p of ['/panel', '/mi-cuenta', '/Cita/', '/EliminarCuenta']) expect(disallows()).toContain(p);
  });

  it('lets crawlers reach every public page', () => {
    const publics = pageRoutes.filter((p) => p.access === 'public');
    expect(publics.filter((p) => blocked(sample(p))).map((p) => p.pattern)).toEqual([]);
  });
});

describe('the sitemap from the path table', () => {
  it('lists only public indexable pages, and every fixed one', async () => {
    const locs = [...(await sitemapText(t.app)).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(locs.length).toBeGreaterThan(60);
    const wrong = locs.filter((path) => {
      const page = matchPage(decodeURI(path));
      return !page || page.access !== 'public' || !page.indexable;
    });
    expect(wrong).toEqual([]);
    expect(locs.filter((p) => blocked(p))).toEqual([]);
    const fixed = pageRoutes.filter((p) => p.indexable && typeof p.href === 'string').map((p) => p.href);
    expect(fixed.filter((path) => !locs.includes(path as string))).toEqual([]);
    expect(new Set(locs.map((l) => l.toLowerCase())).size, 'each address once').toBe(locs.length);
  });
});
