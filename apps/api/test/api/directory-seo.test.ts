import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

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
  it('lists /Escort, the 56 city pages, listing pages of cities with escorts and approved cards, with lastmod', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml')).toBe(true);
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
