import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { sitemapChildren, sitemapText } from '../helpers/sitemap.ts';

let t: TestApp;
let listed: FixtureAccount;
let pending: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: 'https://encanto.example' } });
  listed = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Viña del Mar' });
  pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente', ciudad: 'Temuco' });
});
afterAll(async () => {
  await t?.close();
});

describe('sitemap.xml', () => {
  it('is an index of children: the fixed pages, then one per 10,000 public profiles', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex');
    const children = await sitemapChildren(t.app);
    expect(children[0]).toBe('/sitemap-paginas.xml');
    expect(children.slice(1)).toHaveLength(1);
    expect(children[1]).toMatch(/^\/sitemaps\/perfiles\/[0-9a-f-]{36}\.xml$/);
    for (const child of children) {
      const r = await t.app.inject(child);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('application/xml');
      expect(r.headers['cache-control']).toBe('public, max-age=300');
      expect(r.headers.etag).toBeTruthy();
    }
    expect((await t.app.inject('/sitemaps/perfiles/nada.xml')).statusCode).toBe(404);
  });

  it('lists /Escort, the 56 city pages, region pages, listing pages of cities with escorts and approved cards, with lastmod', async () => {
    const xml = await sitemapText(t.app);
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain('<loc>https://encanto.example/Escort/region/valparaiso</loc>');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://encanto.example/Escort');
    expect(locs.filter((l) => l!.startsWith('https://encanto.example/escorts/'))).toHaveLength(56);
    expect(locs).toContain('https://encanto.example/escorts/vina-del-mar');
    expect(locs).toContain('https://encanto.example/Escort/Vina-del-Mar');
    expect(locs).not.toContain('https://encanto.example/Escort/Temuco');
    expect(locs).toContain(`https://encanto.example/Card/${listed.nickname}`);
    expect(locs).not.toContain(`https://encanto.example/Card/${pending.nickname}`);
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(
      `<loc>https://encanto.example/Card/${listed.nickname}</loc><lastmod>${today}</lastmod>`,
    );
    expect(xml).toMatch(
      /<loc>https:\/\/encanto.example\/escorts\/vina-del-mar<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps private screens out', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://encanto.example/sitemap.xml');
    for (const p of ['/profileCliente', '/ProfileUsuario', '/pendientes', '/FavoritosCliente', '/TuCard/']) {
      expect(res.body).toContain(`Disallow: ${p}\n`);
    }
    expect(res.body).not.toMatch(/Disallow: \/\n/);
    expect(res.body).not.toContain('Disallow: /escorts');
    expect(res.body).not.toContain('Disallow: /Card/');
  });
});

describe('sitemap children at scale', () => {
  it('splits public profiles into children of at most 10,000, each starting where the last ended', async () => {
    const { publicCardStarts, publicCardsFrom } = await import('../../src/modules/directory/queries.ts');
    // Small children stand in for 10,000: the same queries, three profiles per child.
    for (let i = 0; i < 5; i++)
      await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Arica' });
    const starts = await publicCardStarts(t.app.db, 3);
    expect(starts).toHaveLength(2);
    const first = await publicCardsFrom(t.app.db, starts[0]!, 3);
    const second = await publicCardsFrom(t.app.db, starts[1]!, 3);
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    const all = [...first, ...second].map((c) => c.nickname);
    expect(new Set(all).size).toBe(6);
    expect(all).toContain(listed.nickname);
    expect(all).not.toContain(pending.nickname);
  });
});
