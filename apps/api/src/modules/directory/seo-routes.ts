import type { FastifyPluginAsync } from 'fastify';
import { cityPages, cityListingPath } from '@encanto/core/landing';
import { pickerRegionSlug, pickerZones } from '@encanto/core/geo-picker';
import { citySegment } from '@encanto/core/text';
import { legacyRedirects, matchPage, pageRoutes, pages, staticPrefix, type Pages } from '@encanto/core/paths';
import { listedCities, publicCardsFrom, publicCardStarts } from './queries.ts';
import { sendEntry } from '../../lib/send-cached.ts';

/**
 * URLs per child sitemap: the protocol allows 50,000, and 10,000 keeps each child small
 * (about 1 MB) and quick to build; 1,000,000 profiles are 100 children of one index.
 */
export const SITEMAP_CHILD_URLS = 10_000;

/** Addresses that are not pages but that a crawler should not follow either. */
const nonPageDisallows = [
  '/api/',
  // The WhatsApp button's counting redirect: a crawler following it would only reach wa.me.
  '/contacto/',
];

/**
 * robots.txt's Disallow lines, from the path table (packages/core/src/paths.ts): every private page by
 * the part of its pattern before the first parameter, and every old address that moved to a private
 * page. A prefix already covered by a shorter one (a section of /panel) is left out.
 */
export function robotsDisallows(): string[] {
  const prefixes = [
    ...nonPageDisallows,
    ...pageRoutes.filter((p) => p.access === 'private').map((p) => staticPrefix(p.pattern)),
    ...legacyRedirects.filter((r) => matchPage(r.to)?.access === 'private').map((r) => r.from),
  ];
  const covers = (shorter: string, longer: string) =>
    shorter !== longer &&
    longer.startsWith(shorter) &&
    (shorter.endsWith('/') || longer[shorter.length] === '/');
  return [...new Set(prefixes)].filter((p) => !prefixes.some((other) => covers(other, p)));
}

/**
 * The sitemap's pages: every indexable page of the path table. A page without parameters is listed
 * as it is; one with parameters is listed once per value by its generator below (the type makes a new
 * indexable page with parameters name its generator). Public profiles (/Card/{nickname}) fill the
 * profile children instead.
 */
type IndexedWithParams = {
  [K in keyof Pages]: Pages[K] extends { indexable: true; href: (...args: never[]) => string } ? K : never;
}[keyof Pages];

const staticPriority: Partial<Record<keyof Pages, string>> = { escorts: '0.9', laSerena: '0.7' };

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/** '/Escort/Vina-del-Mar' after '/Escort' → 'vina-del-mar': the key of a city's newest profile. */
const segmentAfter = (base: string, path: string) => path.slice(base.length + 1).toLowerCase();

type Url = { loc: string; lastmod?: string | undefined; priority: string };

const urlset = (urls: Url[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}<priority>${u.priority}</priority></url>`,
    )
    .join('\n')}\n</urlset>\n`;

const xml = { contentType: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=300' };

/**
 * sitemap.xml (an index) and its children, and robots.txt, at the site root (outside /api),
 * served by the API process so they exist wherever the web app is served. Children: one of the
 * fixed pages (listings, landing, region and city pages), then one per 10,000 public profiles,
 * named by the account id it starts at, so a child never needs OFFSET to find its rows.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const site = app.config.siteUrl;

  async function pagesSitemap(): Promise<string> {
    const cities = await listedCities(app.db);
    const newestCity = new Map(cities.map((c) => [citySegment(c.ciudad).toLowerCase(), day(c.lastmod)]));
    const latest = cities.reduce<string | undefined>(
      (m, c) => (!m || day(c.lastmod) > m ? day(c.lastmod) : m),
      undefined,
    );
    // The listing's newest profile dates the listing; a city's listing, that city's newest.
    const lastmodOf = (path: string) =>
      path === pages.escorts.href
        ? latest
        : path.startsWith(`${pages.escorts.href}/`)
          ? newestCity.get(segmentAfter(pages.escorts.href, path))
          : undefined;
    const fixed: Url[] = pageRoutes
      .filter((p) => p.indexable && typeof p.href === 'string')
      .map((p) => ({
        loc: `${site}${p.href as string}`,
        lastmod: lastmodOf(p.href as string),
        priority: staticPriority[p.key] ?? '0.5',
      }));
    const withParams: Record<IndexedWithParams, () => Url[]> = {
      cityLanding: () =>
        cityPages.map((p) => ({
          loc: `${site}${pages.cityLanding.href(p.slug)}`,
          lastmod: newestCity.get(segmentAfter(pages.escorts.href, cityListingPath(p))),
          priority: '0.8',
        })),
      escortsRegion: () =>
        pickerZones.flatMap((z) =>
          z.regions.map((r) => ({
            loc: `${site}${pages.escortsRegion.href(pickerRegionSlug(r.name))}`,
            lastmod: latest,
            priority: '0.7',
          })),
        ),
      escortsCity: () =>
        cities.map((c) => ({
          loc: `${site}${encodeURI(pages.escortsCity.href(c.ciudad))}`,
          lastmod: day(c.lastmod),
          priority: '0.7',
        })),
      // One child per 10,000 profiles (profilesSitemap).
      card: () => [],
    };
    const urls = [...fixed, ...Object.values<() => Url[]>(withParams).flatMap((list) => list())];
    // A fixed page that is also one of a generator's values (/Escort/La-Serena) is listed once.
    const seen = new Set<string>();
    return urlset(
      urls.filter((u) => {
        const key = u.loc.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
  }

  async function profilesSitemap(from: string): Promise<string> {
    const cards = await publicCardsFrom(app.db, from, SITEMAP_CHILD_URLS);
    return urlset(
      cards.map((c) => ({
        loc: `${site}${pages.card.href(c.nickname)}`,
        lastmod: day(c.lastmod),
        priority: '0.6',
      })),
    );
  }

  async function sitemapIndex(): Promise<string> {
    const starts = await publicCardStarts(app.db, SITEMAP_CHILD_URLS);
    const children = [
      `${site}/sitemap-paginas.xml`,
      ...starts.map((id) => `${site}/sitemaps/perfiles/${id}.xml`),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children
      .map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }

  // Kept in the public response cache, so each is as fresh as the listings.
  const cachedXml = (key: string, build: () => Promise<string>) =>
    app.services.publicCache.getOrRender(key, async () => ({ body: await build(), status: 200 }));

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendEntry(request, reply, await cachedXml('sitemap.xml', sitemapIndex), xml),
  );
  app.get('/sitemap-paginas.xml', { schema: { hide: true } }, async (request, reply) =>
    sendEntry(request, reply, await cachedXml('sitemap-paginas.xml', pagesSitemap), xml),
  );
  app.get<{ Params: { file: string } }>(
    '/sitemaps/perfiles/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const from = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.xml$/.exec(
        request.params.file,
      )?.[1];
      if (!from) return reply.callNotFound();
      return sendEntry(
        request,
        reply,
        await cachedXml(`sitemap-perfiles:${from}`, () => profilesSitemap(from)),
        xml,
      );
    },
  );

  const robots = [
    'User-agent: *',
    'Allow: /',
    ...robotsDisallows().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
};
