import type { FastifyPluginAsync } from 'fastify';
import { cityPages, cityListingPath } from '@encanto/core/landing';
import { pickerRegionSlug, pickerZones } from '@encanto/core/geo-picker';
import { citySegment } from '@encanto/core/text';
import { listedCities, publicCardsFrom, publicCardStarts } from './queries.ts';
import { sendEntry } from '../../lib/send-cached.ts';

/**
 * URLs per child sitemap: the protocol allows 50,000, and 10,000 keeps each child small
 * (about 1 MB) and quick to build; 1,000,000 profiles are 100 children of one index.
 */
export const SITEMAP_CHILD_URLS = 10_000;

/** Paths only signed-in people use: nothing there for a search engine. */
export const privatePaths = [
  '/api/',
  '/profileCliente',
  '/profileUsuario',
  '/ProfileUsuario',
  '/pendientes',
  '/FavoritosCliente',
  '/CambiarCiudad',
  '/Arriendos',
  '/ImagenesUsuario',
  '/ModificaEstado',
  '/TuCard/',
  '/PendienteValidacion',
  '/FotoParaValidarUsuario',
  '/FotoParaValidarCliente',
  '/clientes-aceptados',
  '/CardCliente/',
  '/cliente/resetear-pass/',
  '/usuario/resetear-pass/',
  '/seguridad/',
  '/RecuperaPassCliente',
  '/RecuperaPassUsuario',
  '/OlvidoPassCliente',
  '/OlvidoPassUsuario',
  '/login-admin',
  '/Admin',
  // The WhatsApp button's counting redirect: a crawler following it would only reach wa.me.
  '/contacto/',
];

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

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
    return urlset([
      { loc: `${site}/Escort`, lastmod: latest, priority: '0.9' },
      ...cityPages.map((p) => ({
        loc: `${site}/escorts/${p.slug}`,
        lastmod: newestCity.get(cityListingPath(p).slice('/Escort/'.length).toLowerCase()),
        priority: '0.8',
      })),
      ...pickerZones.flatMap((z) =>
        z.regions.map((r) => ({
          loc: `${site}/Escort/region/${pickerRegionSlug(r.name)}`,
          lastmod: latest,
          priority: '0.7',
        })),
      ),
      ...cities.map((c) => ({
        loc: `${site}/Escort/${encodeURI(citySegment(c.ciudad))}`,
        lastmod: day(c.lastmod),
        priority: '0.7',
      })),
    ]);
  }

  async function profilesSitemap(from: string): Promise<string> {
    const cards = await publicCardsFrom(app.db, from, SITEMAP_CHILD_URLS);
    return urlset(
      cards.map((c) => ({
        loc: `${site}/Card/${encodeURIComponent(c.nickname)}`,
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
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
};
