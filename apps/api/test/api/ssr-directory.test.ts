import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityPages } from '@encanto/core/landing';
import { accounts, escortProfiles } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { createWebTestApp } from '../helpers/web-app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

/**
 * Server rendering of the public directory through the real web build: every
 * city page, the card and its 404. Uses WEB_DIST_DIR when set (build it first:
 * WEB_DIST_DIR=/tmp/x npm run build -w @encanto/web), else apps/web/dist,
 * building it when missing.
 */
const SITE = 'https://encanto.example';

let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let santiago: FixtureAccount;
let pending: FixtureAccount;
let talca: FixtureAccount[] = [];

beforeAll(async () => {
  web = await createWebTestApp({ SITE_URL: SITE, SITE_NAME: 'Encanto' });
  app = web.app;
  santiago = await createAccount(app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
  await app.db
    .update(escortProfiles)
    .set({ medidas: '90/60/90', legenda: 'Línea uno\n<script>alert(1)</script>' })
    .where(eq(escortProfiles.accountId, santiago.id));
  await createAccount(app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Mariquina' });
  await createAccount(app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Chillán' });
  pending = await createAccount(app, { kind: 'escort', autorizado: 'pendiente', ciudad: 'Santiago' });
  talca = [];
  for (let i = 0; i < 13; i++)
    talca.push(await createAccount(app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Talca' }));
  await app.db
    .update(accounts)
    .set({ url: 'https://cdn.example/foto.webp' })
    .where(eq(accounts.id, talca[0]!.id));
  app.services.publicCache.clear();
}, 360_000);

afterAll(async () => {
  await web?.close();
});

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

describe('city landing pages', () => {
  it.each(cityPages.map((p) => [p.slug, p] as const))(
    '/escorts/%s is complete in the first HTML',
    async (slug, page) => {
      const res = await app.inject(`/escorts/${slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const heading = slug === 'santiago' ? 'Santiago (Centro)' : page.city;
      const title = `Escort ${heading} – Encanto`;
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
      // The site's name is in the title, not repeated in the heading.
      expect(text(h1![1]!)).toBe(`Escort ${heading}`);
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe(title);
      expect(html).toContain(`<link rel="canonical" href="${SITE}/escorts/${slug}" />`);
      const description = /<meta name="description" content="([^"]+)"/.exec(html);
      expect(decode(description![1]!)).toContain(page.city);
      expect(html).toContain('<meta name="robots" content="index,follow" />');
      expect(html).toContain(`<meta property="og:url" content="${SITE}/escorts/${slug}" />`);
      expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?" \/>/);

      const ld = jsonLd(html);
      const types = ld.map((d) => d['@type']);
      expect(types).toEqual(['LocalBusiness', 'FAQPage', 'BreadcrumbList', 'ItemList']);
      const business = ld[0] as {
        priceRange: string;
        address: { addressRegion: string; addressCountry: string };
      };
      expect(business.priceRange).toBe('$$');
      expect(business.address).toMatchObject({ addressRegion: page.region, addressCountry: 'CL' });
      const faq = ld[1] as { mainEntity: { name: string }[] };
      expect(faq.mainEntity).toHaveLength(2);
      expect(faq.mainEntity[0]!.name).toContain(page.city);
      const crumbs = ld[2] as { itemListElement: { name: string; item: string }[] };
      expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
        `${SITE}/`,
        `${SITE}/Escort`,
        `${SITE}/escorts/${slug}`,
      ]);
      const list = ld[3] as { itemListElement: unknown[] };
      expect(list.itemListElement.length).toBeLessThanOrEqual(12);

      expect(html).toContain('Búsquedas frecuentes');
      // 'Búsquedas frecuentes' are links.
      expect(html).toContain(`href="/escorts/${slug}?genero=Transexual"`);
      expect(html).toContain('perfiles verificados');
      expect(html).toMatch(/reserva segura sin intermediarios/i);
      expect(html).toMatch(/<nav aria-label="Ruta de navegación"/);
      expect(html).toMatch(/<a href="\/Escort"[^>]*>Escort<\/a>/);
    },
  );

  it('lists the city escorts as real links with labels and lazy photos, and caps the ItemList at 12', async () => {
    const html = (await app.inject('/escorts/talca')).body;
    for (const e of talca) {
      expect(html).toContain(`href="/Card/${e.nickname}"`);
      expect(html).toContain(`aria-label="Ver perfil de ${e.nickname} en Talca"`);
      expect(html).toContain(`alt="Foto de ${e.nickname}, escort en Talca"`);
    }
    expect(html).toContain('loading="lazy"');
    // External photo URLs are used as they are; our own paths stay on our media base.
    expect(html).toContain('src="https://cdn.example/foto.webp"');
    expect(html).toContain(`src="${talca[1]!.url}"`);
    const list = jsonLd(html)[3] as { itemListElement: { url: string }[] };
    expect(list.itemListElement).toHaveLength(12);
    expect(list.itemListElement[0]!.url).toMatch(new RegExp(`^${SITE}/Card/`));
  });

  it('finds escorts by the comuna field and by the unaccented retry', async () => {
    expect((await app.inject('/escorts/mariquina')).body).toContain('escort en San José de la Mariquina');
    expect((await app.inject('/escorts/chillan')).body).toContain('escort en Chillán');
  });

  it('shows the empty text where nobody is published, and Linares keeps its text section', async () => {
    const html = (await app.inject('/escorts/linares')).body;
    expect(html).toContain('Aún no hay escorts publicadas en Linares.');
    expect(html).toContain('<h2 id="linares-texto">Escorts en Linares, Región del Maule</h2>');
    expect((await app.inject('/escorts/talca')).body).not.toContain('linares-texto');
  });

  it('answers an unknown slug with the 404 page and status', async () => {
    const res = await app.inject('/escorts/gotham');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Página no encontrada');
  });
});

describe('the public card', () => {
  it('is server-rendered with its details, og tags and og:image', async () => {
    const res = await app.inject(`/Card/${santiago.nickname}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<h1 id="perfil-nombre" class="profile-card-name">${santiago.nickname}</h1>`);
    expect(html).toContain('90/60/90');
    expect(html).toContain('Sobre mí');
    // WhatsApp through the counting redirect (decision 0110); the number itself is in the page's data.
    expect(html).toContain(`href="/contacto/${santiago.nickname}"`);
    // The caption is text: markup in it is escaped, never executed.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Solo los clientes registrados pueden ver los comentarios.');
    expect(html).toContain(`<meta property="og:image" content="${SITE}${santiago.url}" />`);
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/Card/${santiago.nickname}" />`);
  });

  it('is a 404 page with HTTP 404 for an unknown or pending nickname', async () => {
    for (const nick of ['nadie123', pending.nickname]) {
      const res = await app.inject(`/Card/${nick}`);
      expect(res.statusCode, nick).toBe(404);
      expect(res.body).toContain('Página no encontrada');
      expect(res.body).not.toContain('profile-card-name');
    }
  });
});

describe('listings', () => {
  it('/Escort/{city} is server-rendered with the picker on its comuna', async () => {
    const html = (await app.inject('/Escort/Talca')).body;
    expect(text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!)).toBe('Escorts Talca');
    expect(html).toMatch(/<button type="button" class="chip chip-small" aria-pressed="true">Talca<\/button>/);
    expect(html).toContain('Elige una región de la zona Central');
  });

  it('/Escort/La-Serena shows La Serena and its empty text', async () => {
    const res = await app.inject('/Escort/La-Serena');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Escorts La Serena');
    expect(res.body).toContain('Aún no hay escorts en La Serena.');
  });

  it('serves sitemap.xml and robots.txt next to the web app', async () => {
    expect((await app.inject('/sitemap.xml')).statusCode).toBe(200);
    expect((await app.inject('/robots.txt')).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('server-rendered page cache', () => {
  it('serves a page from the public cache and drops it at once when a profile changes', async () => {
    const escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Putre' });
    const first = await app.inject(`/Card/${escort.nickname}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    // Unchanged data: the same bytes, and a revalidation is a 304.
    const again = await app.inject(`/Card/${escort.nickname}`);
    expect(again.body).toBe(first.body);
    const revalidated = await app.inject({
      url: `/Card/${escort.nickname}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);

    // A write that clears the public cache (as every profile change does) is visible at once.
    await app.db.update(escortProfiles).set({ paused: true }).where(eq(escortProfiles.accountId, escort.id));
    await syncEscortVisibility(app.db, escort.id, app.services.clock.now());
    app.services.publicCache.clear();
    const gone = await app.inject(`/Card/${escort.nickname}`);
    expect(gone.statusCode).toBe(404);
    // A 404 page is never answered with 304 from a stale ETag.
    const stale = await app.inject({
      url: `/Card/${escort.nickname}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(stale.statusCode).toBe(404);
  });
});
