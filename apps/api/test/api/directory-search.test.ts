import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { cityKey, comunas } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import { regionSlug } from '@encanto/core/search';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, comments, escortProfiles, ratingTotals } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import type { SearchFilters } from '@encanto/core/search-filters';
import { searchTotal } from '../../src/modules/directory/search-queries.ts';

let t: TestApp;
const e: Record<string, FixtureAccount> = {};
let client: FixtureAccount;

type Card = { nickname: string; [k: string]: unknown };
type Answer = {
  items: Card[];
  siguiente: string | null;
  anterior: string | null;
  total: number;
  total_exacto: boolean;
};

async function search(query = ''): Promise<Answer> {
  const res = await t.app.inject(`/api/escorts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (a: Answer) => a.items.map((c) => c.nickname);
/** The count's input as the route builds it (places as stored keys); no age filter reads the day. */
const filter = (filters: SearchFilters) => ({ filters, today: '2026-01-01' });
const nick = (...keys: string[]) => keys.map((k) => e[k]!.nickname);

/** Every page of a search, following `siguiente`, with a small page size so cursors are used. */
async function walk(query: string, limite = 2): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep: string = query ? '&' : '?';
    const a: Answer = await search(
      `${query}${sep}limite=${limite}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(names(a));
    cursor = a.siguiente;
  } while (cursor && pages.length < 50);
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  const hour = 3_600_000;
  // Oldest first: created_at decides the "recientes" order among profiles with a photo.
  const plan: [string, Parameters<typeof createAccount>[1]][] = [
    ['nunoaF', { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa', fechaNac: '1995-05-05' }],
    [
      'nunoaT',
      {
        kind: 'escort',
        autorizado: 'aprobado',
        ciudad: 'Ñuñoa',
        fechaNac: '2000-01-01',
        genero: 'Transexual',
      },
    ],
    [
      'nunoaM',
      {
        kind: 'escort',
        autorizado: 'aprobado',
        ciudad: 'Ñuñoa',
        fechaNac: '1980-06-15',
        genero: 'Masculino',
      },
    ],
    [
      'providencia',
      { kind: 'escort', autorizado: 'aprobado', ciudad: 'Providencia', fechaNac: '1998-02-02' },
    ],
    ['temuco', { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco', fechaNac: '1990-09-09' }],
    ['arica', { kind: 'escort', autorizado: 'aprobado', ciudad: 'Arica', fechaNac: '1992-12-12' }],
    ['pending', { kind: 'escort', autorizado: 'pendiente', ciudad: 'Ñuñoa' }],
    ['paused', { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa' }],
    ['inactive', { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa', estado: 'inactiva' }],
  ];
  let i = plan.length;
  for (const [key, options] of plan) {
    e[key] = await createAccount(t.app, options);
    await t.app.db
      .update(escortProfiles)
      .set({ createdAt: new Date(Date.now() - i-- * hour) })
      .where(eq(escortProfiles.accountId, e[key]!.id));
  }
  await t.app.db
    .update(escortProfiles)
    .set({ paused: true })
    .where(eq(escortProfiles.accountId, e.paused!.id));
  await syncEscortVisibility(t.app.db, e.paused!.id, t.app.services.clock.now());
  // Every one has a photo of her own: a profile without one is not listed (decision 0153).
  for (const key of ['nunoaF', 'nunoaT', 'nunoaM', 'providencia'])
    await t.app.db
      .update(accounts)
      .set({ url: `/media/${key}.webp` })
      .where(eq(accounts.id, e[key]!.id));
  await t.app.db
    .update(escortProfiles)
    .set({ galleryCount: 3 })
    .where(eq(escortProfiles.accountId, e.temuco!.id));
  // Verified photos (decision 0098): a Ñuñoa profile with a photo and Arica without one.
  await t.app.db
    .update(escortProfiles)
    .set({ fotosVerificadas: true })
    .where(inArray(escortProfiles.accountId, [e.nunoaF!.id, e.arica!.id]));
  // Ratings through rating_totals (its trigger keeps the search columns): averages 4.6, 4.6 (fewer), 2.0.
  const rate = (key: string, count: number, each: number) =>
    t.app.db.insert(ratingTotals).values({
      accountId: e[key]!.id,
      count,
      sum1: count * each,
      sum2: count * each,
      sum3: count * each,
      sum4: count * each,
      sum5: count * each,
    });
  await rate('arica', 1, 2);
  await t.app.db
    .insert(ratingTotals)
    .values({ accountId: e.temuco!.id, count: 5, sum1: 23, sum2: 23, sum3: 23, sum4: 23, sum5: 23 });
  await t.app.db
    .insert(ratingTotals)
    .values({ accountId: e.nunoaM!.id, count: 2, sum1: 9, sum2: 9, sum3: 9, sum4: 9, sum5: 10 });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
  const comment = (key: string, day: string) =>
    t.app.db.insert(comments).values({
      escortId: e[key]!.id,
      clientId: client.id,
      nickCliente: client.nickname,
      fecha: day,
      comentario: 'Muy puntual y amable.',
    });
  await comment('providencia', '2026-01-01');
  await comment('providencia', '2026-01-02');
  await comment('arica', '2026-01-01');
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/escorts', () => {
  it('lists every listed profile (never inactive, pending or paused: decision 0153), newest first', async () => {
    const a = await search();
    expect(names(a)).toEqual(nick('arica', 'temuco', 'providencia', 'nunoaM', 'nunoaT', 'nunoaF'));
    expect(a.total).toBe(6);
    expect(a.total_exacto).toBe(true);
    expect(a.siguiente).toBeNull();
    expect(a.anterior).toBeNull();
  });

  it('carries the richer card: verified, one-decimal average, counts, comuna name', async () => {
    const a = await search('?comuna=temuco');
    expect(a.items).toEqual([
      {
        nickname: e.temuco!.nickname,
        apellido: e.temuco!.nickname,
        edad: expect.any(Number),
        genero: 'Femenino',
        ciudad: 'Temuco',
        url: `/media/fixture/${e.temuco!.nickname}.webp`,
        srcset: '',
        estado: 'disponible',
        verificada: true,
        fotos_verificadas: false,
        promedio: 4.6,
        calificaciones: 5,
        galeria: 3,
        tarifa_desde: null,
      },
    ]);
    const m = (await search('?comuna=nunoa&genero=Masculino')).items[0]!;
    expect(m).toMatchObject({ promedio: 4.6, calificaciones: 2, galeria: 0 });
    expect((await search('?comuna=providencia')).items[0]).toMatchObject({
      promedio: null,
      calificaciones: 0,
    });
  });

  it('filters by place: zona, region, comuna and landing city', async () => {
    expect(names(await search('?zona=norte'))).toEqual(nick('arica'));
    expect(names(await search('?zona=sur'))).toEqual(nick('temuco'));
    expect(names(await search('?region=metropolitana-de-santiago'))).toEqual(
      nick('providencia', 'nunoaM', 'nunoaT', 'nunoaF'),
    );
    expect(names(await search('?region=Biobio'))).toEqual([]);
    expect(names(await search('?comuna=nunoa'))).toEqual(nick('nunoaM', 'nunoaT', 'nunoaF'));
    expect(names(await search('?ciudad=temuco'))).toEqual(nick('temuco'));
    // A landing city and a comuna that disagree match nothing rather than one of them.
    expect((await search('?ciudad=temuco&comuna=nunoa')).total).toBe(0);
  });

  it('filters by gender, age range and gallery; still takes the retired disponible filter', async () => {
    expect(names(await search('?genero=Transexual'))).toEqual(nick('nunoaT'));
    const ages = (await search()).items.map((c) => c.edad as number);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    const mid = await search('?edad_min=30&edad_max=40');
    for (const c of mid.items) expect(c.edad).toBeGreaterThanOrEqual(30);
    for (const c of mid.items) expect(c.edad).toBeLessThanOrEqual(40);
    expect(mid.total).toBe(mid.items.length);
    expect(names(mid).sort()).toEqual(
      (await search()).items
        .filter((c) => (c.edad as number) >= 30 && (c.edad as number) <= 40)
        .map((c) => c.nickname)
        .sort(),
    );
    expect(names(await search('?edad_min=45'))).toEqual(nick('nunoaM'));
    // Every listed profile is available (decision 0153): an old link's disponible narrows nothing.
    const nunoa = await search('?comuna=nunoa');
    expect(names(nunoa)).toEqual(nick('nunoaM', 'nunoaT', 'nunoaF'));
    for (const v of ['true', 'false']) expect(await search(`?comuna=nunoa&disponible=${v}`)).toEqual(nunoa);
    expect(names(await search('?con_galeria=true'))).toEqual(nick('temuco'));
  });

  it('carries fotos_verificadas on each card and filters by it (decision 0098)', async () => {
    const all = await search('?limite=59');
    const flagged = all.items.filter((c) => c.fotos_verificadas === true).map((c) => c.nickname);
    expect(flagged).toEqual(nick('arica', 'nunoaF'));
    expect(all.items.every((c) => typeof c.fotos_verificadas === 'boolean')).toBe(true);
    const only = await search('?fotos_verificadas=true');
    expect(names(only)).toEqual(nick('arica', 'nunoaF'));
    expect(only.total).toBe(2);
    expect(names(await search('?fotos_verificadas=false'))).toHaveLength(6);
    expect(names(await search('?comuna=nunoa&fotos_verificadas=true'))).toEqual(nick('nunoaF'));
    expect((await walk('?fotos_verificadas=true', 1)).flat()).toEqual(nick('arica', 'nunoaF'));
    expect(names(await search('?fotos_verificadas=true&orden=calificacion'))).toEqual(
      nick('arica', 'nunoaF'),
    );
  });

  it('sorts by rating (average, then count) and by comment count', async () => {
    const byRating = names(await search('?orden=calificacion'));
    expect(byRating.slice(0, 3)).toEqual(nick('temuco', 'nunoaM', 'arica'));
    const byComments = names(await search('?orden=comentarios'));
    expect(byComments.slice(0, 2)).toEqual(nick('providencia', 'arica'));
    expect(byComments).toHaveLength(6);
  });

  it('pages with an opaque cursor: pages are disjoint and together exactly the matching set, in order', async () => {
    for (const query of [
      '',
      '?orden=calificacion',
      '?orden=comentarios',
      '?region=metropolitana-de-santiago',
      '?con_galeria=false&orden=calificacion',
    ]) {
      const all = names(await search(`${query}${query ? '&' : '?'}limite=60`));
      for (const size of [1, 2, 4]) {
        const pages = await walk(query, size);
        expect(pages.flat(), `${query} by ${size}`).toEqual(all);
        expect(new Set(pages.flat()).size).toBe(all.length);
        for (const p of pages.slice(0, -1)) expect(p).toHaveLength(size);
      }
    }
  });

  it('walks back with `anterior` to the same pages', async () => {
    const first = await search('?limite=2');
    const second = await search(`?limite=2&cursor=${first.siguiente}`);
    const third = await search(`?limite=2&cursor=${second.siguiente}`);
    expect(third.siguiente).toBeNull();
    const back = await search(`?limite=2&cursor=${third.anterior}`);
    expect(names(back)).toEqual(names(second));
    const start = await search(`?limite=2&cursor=${back.anterior}`);
    expect(names(start)).toEqual(names(first));
    expect(start.anterior).toBeNull();
    expect(start.total).toBe(6);
  });

  it('finds a page by its number alone (a typed ?pagina=N): the same page the cursors reach, with its links', async () => {
    for (const query of ['', '?orden=calificacion', '?region=metropolitana-de-santiago']) {
      for (const size of [1, 2, 4]) {
        const pages = await walk(query, size);
        for (const [i, expected] of pages.entries()) {
          const sep = query ? '&' : '?';
          const numbered = await search(`${query}${sep}limite=${size}&pagina=${i + 1}`);
          expect(names(numbered), `${query} by ${size}, page ${i + 1}`).toEqual(expected);
          expect(numbered.siguiente === null).toBe(i === pages.length - 1);
          expect(numbered.anterior === null).toBe(i === 0);
        }
        // Past the last page: an empty page, not an error.
        const past = await search(`${query}${query ? '&' : '?'}limite=${size}&pagina=${pages.length + 1}`);
        expect([past.items, past.siguiente, past.anterior]).toEqual([[], null, null]);
      }
    }
    // A cursor wins over a number (the pages' own links carry both).
    const first = await search('?limite=2');
    const second = await search(`?limite=2&pagina=9&cursor=${first.siguiente}`);
    expect(names(second)).toEqual(names(await search('?limite=2&pagina=2')));
    // Visitors (touring) belong to the first page only.
    expect((await t.app.inject('/api/escorts?limite=2&pagina=2')).json().de_visita).toEqual([]);
  });

  it('counts the total up to a cap: past it the answer is the cap, not exact', async () => {
    // The route's cap is 10,000 (searchLimits.totalCap); the same query with small caps here.
    expect(await searchTotal(t.app.db, filter({}), 10)).toEqual({ n: 6, exact: true });
    expect(await searchTotal(t.app.db, filter({}), 6)).toEqual({ n: 6, exact: true });
    expect(await searchTotal(t.app.db, filter({}), 5)).toEqual({ n: 5, exact: false });
    expect(await searchTotal(t.app.db, filter({}), 1)).toEqual({ n: 1, exact: false });
    expect(await searchTotal(t.app.db, filter({ comuna: 'temuco' }), 1)).toEqual({ n: 1, exact: true });
    expect(await searchTotal(t.app.db, filter({ comuna: '' }), 1)).toEqual({ n: 0, exact: true });
    const none = await search('?ciudad=temuco&comuna=nunoa&limite=3');
    expect([none.total, none.total_exacto]).toEqual([0, true]);
  });

  it('bounds the count by the index entries it reads: past them the total is a lower bound', async () => {
    // Six public profiles: reading all of them (and finding no seventh) is exact; reading three
    // of them finds at most three matches and is not exact.
    const exact = await searchTotal(t.app.db, filter({ edad_min: 18 }), 10, 6);
    expect(exact.exact).toBe(true);
    const bounded = await searchTotal(t.app.db, filter({ edad_min: 18 }), 10, 2);
    expect(bounded.exact).toBe(false);
    expect(bounded.n).toBeLessThanOrEqual(Math.min(3, exact.n));
    expect(await searchTotal(t.app.db, filter({}), 10, 2)).toEqual({ n: 3, exact: false });
    expect(await searchTotal(t.app.db, filter({}), 10, 5)).toEqual({ n: 6, exact: false });
    expect(await searchTotal(t.app.db, filter({}), 1, 2)).toEqual({ n: 1, exact: false });
  });

  it('answers 400 with a Spanish message for every bad value', async () => {
    const cases: [string, string][] = [
      ['zona=este', msg.searchZone],
      ['region=atlantida', msg.searchRegion],
      ['comuna=gotham', msg.searchComuna],
      ['ciudad=nowhere-town', msg.searchCity],
      ['genero=otro', msg.searchGender],
      ['edad_min=17', msg.searchAge],
      ['edad_max=100', msg.searchAge],
      ['edad_min=abc', msg.searchAge],
      ['edad_min=40&edad_max=30', msg.searchAgeRange],
      ['disponible=si', msg.searchFlag],
      ['con_galeria=1', msg.searchFlag],
      ['fotos_verificadas=si', msg.searchFlag],
      ['orden=precio', msg.searchOrder],
      ['limite=0', msg.searchLimit],
      ['limite=61', msg.searchLimit],
      ['cursor=nada', msg.searchCursor],
      ['pagina=0', msg.searchPage],
      ['pagina=21', msg.searchPage],
      ['pagina=dos', msg.searchPage],
      ['pagina=1.5', msg.searchPage],
      [`cursor=${Buffer.from('["s","recientes","x","y","z"]').toString('base64url')}`, msg.searchCursor],
    ];
    for (const [query, mensaje] of cases) {
      const res = await t.app.inject(`/api/escorts?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().mensaje, query).toBe(mensaje);
    }
    // A cursor of one order is refused by another.
    const first = await search('?limite=1');
    const res = await t.app.inject(`/api/escorts?orden=calificacion&cursor=${first.siguiente}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.searchCursor);
  });

  it('keeps the search columns right when the facts change (triggers)', async () => {
    await t.app.db
      .update(accounts)
      .set({ genero: 'Transexual', ciudad: 'Arica' })
      .where(eq(accounts.id, e.providencia!.id));
    await t.app.db.delete(comments).where(eq(comments.escortId, e.providencia!.id));
    await t.app.db
      .update(escortProfiles)
      .set({ cityKey: 'temuco' })
      .where(eq(escortProfiles.accountId, e.providencia!.id));
    t.app.services.publicCache.clear();
    expect(names(await search('?genero=Transexual&zona=sur'))).toEqual(nick('providencia'));
    const [row] = await t.app.db
      .select({ c: escortProfiles.commentCount, r: escortProfiles.regionKey })
      .from(escortProfiles)
      .where(eq(escortProfiles.accountId, e.providencia!.id));
    expect(row).toEqual({ c: 0, r: 'la-araucania' });
  });

  it("knows every comuna of the geography data in the database's comuna_places", async () => {
    type Row = { city_key: string; region_key: string; zona: string };
    const res: unknown = await t.app.db.execute(sql`select city_key, region_key, zona from comuna_places`);
    const list = (Array.isArray(res) ? res : (res as { rows: Row[] }).rows) as Row[];
    const places = new Map(list.map((r) => [r.city_key, r]));
    for (const c of comunas)
      expect(places.get(cityKey(c.name)), c.name).toEqual({
        city_key: cityKey(c.name),
        region_key: regionSlug(c.region),
        zona: c.zone,
      });
    expect(names(await search('?comuna=o-higgins'))).toEqual([]);
  });
});
