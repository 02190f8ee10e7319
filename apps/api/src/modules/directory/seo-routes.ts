import type { FastifyPluginAsync } from 'fastify';
import { cityPages, cityListingPath } from '@encanto/core/landing';
import { citySegment } from '@encanto/core/text';
import { listedCities, publicCards } from './queries.ts';
import { sendEntry } from '../../lib/send-cached.ts';

/** The sitemap protocol allows 50,000 URLs per file; cards get what the fixed pages leave. */
const MAX_URLS = 50_000;

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
  '/RecuperaPassCliente',
  '/RecuperaPassUsuario',
  '/OlvidoPassCliente',
  '/OlvidoPassUsuario',
  '/login-admin',
  '/Admin',
];

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/**
 * sitemap.xml and robots.txt at the site root (outside /api), served by the
 * API process so they exist wherever the web app is served.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const site = app.config.siteUrl;

  async function buildSitemap(): Promise<string> {
    const cities = await listedCities(app.db);
    const cards = await publicCards(app.db, MAX_URLS - cityPages.length - cities.length - 1);
    const newestCity = new Map(cities.map((c) => [citySegment(c.ciudad).toLowerCase(), day(c.lastmod)]));
    const latest = cities.reduce<string | undefined>(
      (m, c) => (!m || day(c.lastmod) > m ? day(c.lastmod) : m),
      undefined,
    );
    const urls: { loc: string; lastmod?: string | undefined; priority: string }[] = [
      { loc: `${site}/Escort`, lastmod: latest, priority: '0.9' },
      ...cityPages.map((p) => ({
        loc: `${site}/escorts/${p.slug}`,
        lastmod: newestCity.get(cityListingPath(p).slice('/Escort/'.length).toLowerCase()),
        priority: '0.8',
      })),
      ...cities.map((c) => ({
        loc: `${site}/Escort/${encodeURI(citySegment(c.ciudad))}`,
        lastmod: day(c.lastmod),
        priority: '0.7',
      })),
      ...cards.map((c) => ({
        loc: `${site}/Card/${encodeURIComponent(c.nickname)}`,
        lastmod: day(c.lastmod),
        priority: '0.6',
      })),
    ];
    const body = urls
      .map(
        (u) =>
          `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}<priority>${u.priority}</priority></url>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    // Kept in the public response cache, so it is as fresh as the listings.
    const entry = await app.services.publicCache.getOrRender('sitemap.xml', async () => ({
      body: await buildSitemap(),
      status: 200,
    }));
    return sendEntry(request, reply, entry, {
      contentType: 'application/xml; charset=utf-8',
      cacheControl: 'public, max-age=300',
    });
  });

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
