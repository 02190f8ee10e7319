import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { searchOrderValues } from '@encanto/core/search-params';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, escortProfiles } from '../../src/db/schema/index.ts';

/** GET /api/escorts?q= (decisions 0163, 0164): words against names, places, details and "Sobre mí". */
let t: TestApp;
const e: Record<string, FixtureAccount> = {};

type Answer = {
  items: { nickname: string }[];
  siguiente: string | null;
  total: number;
  total_exacto: boolean;
  sugerencias?: { q: string; filtros: boolean; total: number }[];
};

async function search(query: string): Promise<Answer> {
  const res = await t.app.inject(`/api/escorts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const sorted = (xs: string[]) => [...xs].sort();
const nick = (...keys: string[]) => sorted(keys.map((k) => e[k]!.nickname));
const found = async (query: string) => sorted((await search(query)).items.map((c) => c.nickname));
const q = (text: string) => `q=${encodeURIComponent(text)}`;

interface Plan {
  apellido: string;
  ciudad: string;
  genero?: string;
  fechaNac?: string;
  estado?: 'disponible' | 'inactiva';
  profile: Partial<typeof escortProfiles.$inferInsert>;
}
const plan: Record<string, Plan> = {
  valeria: {
    apellido: 'Valeria',
    ciudad: 'Ñuñoa',
    profile: {
      legenda: 'Hago masajes relajantes en mi departamento.',
      idiomas: ['ingles'],
      tarifaDesde: 60000,
    },
  },
  barbara: {
    apellido: 'Bárbara',
    ciudad: 'Ñuñoa',
    fechaNac: '1985-03-01',
    profile: { servicios: ['masajes'], atiende: 'a_domicilio', galleryCount: 2 },
  },
  barbaraSoto: {
    apellido: 'Bárbara Soto',
    ciudad: 'Providencia',
    genero: 'Transexual',
    profile: { legenda: 'Viajes, cenas y eventos.', servicios: ['viajes'], fotosVerificadas: true },
  },
  camila: {
    apellido: 'Camila',
    ciudad: 'Providencia',
    profile: { idiomas: ['portugues'], servicios: ['cena_evento'], tarifaDesde: 200000 },
  },
  valentina: {
    apellido: 'Valentina',
    ciudad: 'Temuco',
    profile: { legenda: 'Hablo inglés fluido. Masaje tántrico.', atiende: 'en_su_lugar' },
  },
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, p] of Object.entries(plan)) {
    e[key] = await createAccount(t.app, {
      kind: 'escort',
      autorizado: 'aprobado',
      ciudad: p.ciudad,
      ...(p.genero ? { genero: p.genero } : {}),
      ...(p.fechaNac ? { fechaNac: p.fechaNac } : {}),
    });
    await t.app.db.update(accounts).set({ apellido: p.apellido }).where(eq(accounts.id, e[key]!.id));
    await t.app.db.update(escortProfiles).set(p.profile).where(eq(escortProfiles.accountId, e[key]!.id));
  }
  // Never found: paused (hidden everywhere), or not approved yet.
  const paused = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa' });
  await t.app.db.update(accounts).set({ apellido: 'Valeria Oculta' }).where(eq(accounts.id, paused.id));
  await t.app.db
    .update(escortProfiles)
    .set({ paused: true, listed: false, public: false })
    .where(eq(escortProfiles.accountId, paused.id));
  const pending = await createAccount(t.app, { kind: 'escort', ciudad: 'Ñuñoa' });
  await t.app.db.update(accounts).set({ apellido: 'Valeria Pendiente' }).where(eq(accounts.id, pending.id));
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/escorts?q=', () => {
  it('finds a display name whatever its case and accents, and never a hidden profile', async () => {
    for (const text of ['barbara', 'Bárbara', 'BARBARA', 'bárbara']) {
      expect(await found(q(text)), text).toEqual(nick('barbara', 'barbaraSoto'));
    }
    expect(await found(q('valeria'))).toEqual(nick('valeria'));
  });

  it('finds a name by its beginning, and a nickname', async () => {
    expect(await found(q('vale'))).toEqual(nick('valeria', 'valentina'));
    expect(await found(q('Va'))).toEqual(nick('valeria', 'valentina'));
    expect(await found(q(e.camila!.nickname))).toEqual(nick('camila'));
    expect(await found(q(e.camila!.nickname.toUpperCase()))).toEqual(nick('camila'));
  });

  it('finds a comuna by its name with or without accents, and words of a region', async () => {
    for (const text of ['ñuñoa', 'nunoa', 'Ñuñoa', 'NUNOA']) {
      expect(await found(q(text)), text).toEqual(nick('valeria', 'barbara'));
    }
    expect(await found(q('providencia'))).toEqual(nick('barbaraSoto', 'camila'));
    expect(await found(q('araucania'))).toEqual(nick('valentina'));
  });

  it('stems Spanish in the free text and the services: masaje finds masajes, and the other way', async () => {
    expect(await found(q('masajes'))).toEqual(nick('valeria', 'barbara', 'valentina'));
    expect(await found(q('masaje'))).toEqual(nick('valeria', 'barbara', 'valentina'));
    expect(await found(q('cena'))).toEqual(nick('barbaraSoto', 'camila'));
    expect(await found(q('viaje'))).toEqual(nick('barbaraSoto'));
  });

  it('finds a language from the details or the text', async () => {
    expect(await found(q('inglés'))).toEqual(nick('valeria', 'valentina'));
    expect(await found(q('ingles'))).toEqual(nick('valeria', 'valentina'));
    expect(await found(q('portugués'))).toEqual(nick('camila'));
  });

  it('wants every word; Spanish stop words between them narrow nothing', async () => {
    expect(await found(q('bárbara ñuñoa'))).toEqual(nick('barbara'));
    expect(await found(q('masajes en ñuñoa'))).toEqual(nick('valeria', 'barbara'));
    expect(await found(q('valeria temuco'))).toEqual([]);
    // Alone, a stop word is looked up: "la" of La Araucanía, her region.
    expect(await found(q('la'))).toContain(e.valentina!.nickname);
  });

  it('orders by relevance without an order (the name first), and by the chosen order with one', async () => {
    // "valeria" matches her name (weight A) and nobody else; "masaje": barbara's service (C)
    // outranks the two "Sobre mí" (D).
    const ranked = (await search(q('masaje'))).items.map((c) => c.nickname);
    expect(ranked[0]).toBe(e.barbara!.nickname);
    const recent = (await search(`${q('masaje')}&orden=recientes`)).items.map((c) => c.nickname);
    // createdAt order: the newest first (valentina was created last).
    expect(recent[0]).toBe(e.valentina!.nickname);
  });

  it('a relevance page answers the same cards as an order the query builder reads, field for field', async () => {
    // The relevance page is one raw statement (decision 0184) decoding each card column itself.
    const byNick = (items: Answer['items']) =>
      [...items].sort((a, b) => a.nickname.localeCompare(b.nickname));
    const ranked = (await search(q('masaje'))).items;
    const recent = (await search(`${q('masaje')}&orden=recientes`)).items;
    expect(ranked).toHaveLength(3);
    expect(Object.keys(ranked[0]!).length).toBeGreaterThan(5);
    expect(byNick(ranked)).toEqual(byNick(recent));
  });

  it('combines with every filter: the matches are those of the words and of the filter', async () => {
    const filters = [
      'comuna=providencia',
      'region=la-araucania',
      'zona=central',
      'genero=Transexual',
      'edad_min=35',
      'edad_max=30',
      'con_galeria=true',
      'fotos_verificadas=true',
      'tarifa_max=100000',
      'servicio=masajes',
      'atiende=a_domicilio',
    ];
    for (const text of ['masaje', 'barbara', 'va', 'cena']) {
      const words = await found(q(text));
      for (const filter of filters) {
        const alone = new Set(await found(filter));
        expect(await found(`${q(text)}&${filter}`), `${text} + ${filter}`).toEqual(
          words.filter((n) => alone.has(n)),
        );
      }
    }
  });

  it('counts the matches, and walks them page by page with the cursor in every order', async () => {
    const all = await search(q('masaje'));
    expect(all.total).toBe(3);
    expect(all.total_exacto).toBe(true);
    for (const orden of [undefined, ...searchOrderValues]) {
      const base = `${q('masaje')}${orden ? `&orden=${orden}` : ''}`;
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await search(
          `${base}&limite=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.items.map((c) => c.nickname));
        cursor = page.siguiente;
      } while (cursor && seen.length < 10);
      expect(sorted(seen), orden).toEqual(nick('valeria', 'barbara', 'valentina'));
      if (!orden) expect(seen).toEqual((await search(base)).items.map((c) => c.nickname));
    }
  });

  it('refuses a cursor of the same order without the words, or of other words', async () => {
    const page = await search(`${q('masaje')}&limite=1`);
    const res = await t.app.inject(
      `/api/escorts?orden=recientes&cursor=${encodeURIComponent(page.siguiente!)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.searchCursor);
  });

  it('follows a change of name, comuna, services or text', async () => {
    await t.app.db.update(accounts).set({ apellido: 'Renata' }).where(eq(accounts.id, e.camila!.id));
    await t.app.db
      .update(escortProfiles)
      .set({ cityKey: 'vitacura', legenda: 'Clases de tango' })
      .where(eq(escortProfiles.accountId, e.camila!.id));
    t.app.services.publicCache.clear();
    expect(await found(q('renata vitacura tango'))).toEqual(nick('camila'));
    expect(await found(q('camila'))).toEqual([]);
    await t.app.db.update(accounts).set({ apellido: 'Camila' }).where(eq(accounts.id, e.camila!.id));
    await t.app.db
      .update(escortProfiles)
      .set({ cityKey: 'providencia', legenda: '' })
      .where(eq(escortProfiles.accountId, e.camila!.id));
    t.app.services.publicCache.clear();
    expect(await found(q('camila providencia'))).toEqual(nick('camila'));
  });
});

describe('GET /api/escorts?q= with hostile input', () => {
  it('matches quotes, operators and other signs literally: only the words count', async () => {
    const literal = [
      "valeria'",
      '"valeria"',
      'valeria & !barbara',
      'valeria | camila',
      'valeria:*',
      'vale:*A',
      "valeria'); drop table accounts; --",
      '(valeria)',
      'valeria <-> x',
      '\\valeria\\',
      'valeria%',
      'valeria_',
    ];
    for (const text of literal) {
      const res = await t.app.inject(`/api/escorts?${q(text)}`);
      expect(res.statusCode, text).toBe(200);
    }
    expect(await found(q('valeria & !barbara'))).toEqual([]); // "barbara" is a word she lacks
    expect(await found(q("valeria'); --"))).toEqual(nick('valeria'));
    expect(await found(q('"valeria"'))).toEqual(nick('valeria'));
    // "a" is a Spanish stop word beside another word: "vale" alone is looked up.
    expect(await found(q('vale:*A'))).toEqual(nick('valeria', 'valentina'));
  });

  it('answers 400 with a Spanish message for no words, too long, a list or a NUL; never a 500', async () => {
    const refused: [string, string][] = [
      ['q=', msg.searchText],
      ['q=%20%20%20', msg.searchText],
      [`q=${'a'.repeat(61)}`, msg.searchText],
      [`q=${encodeURIComponent('!!! ¿? :* & |')}`, msg.searchTextWords],
      [`q=${'x'.repeat(1024 * 1024)}`, msg.searchText],
      ['q=valeria&q=camila', msg.searchText],
    ];
    for (const [query, mensaje] of refused) {
      const res = await t.app.inject(`/api/escorts?${query}`);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json().mensaje, query.slice(0, 40)).toBe(mensaje);
    }
    const nul = await t.app.inject(`/api/escorts?q=vale%00ria`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().mensaje).toEqual(expect.any(String));
  });

  it('takes 60 characters and many words, looking up the first eight', async () => {
    const long = 'valeria '.repeat(7) + 'x'.repeat(4);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(await found(q(long))).toEqual([]);
    // The ninth word ("nadie", found nowhere) is not looked up.
    expect(await found(q(`${'vale '.repeat(8)}nadie`))).toEqual(nick('valeria', 'valentina'));
  });
});

describe('GET /api/escorts?q= that finds nothing', () => {
  it('suggests the same words without the other filters, with their count', async () => {
    const a = await search(`${q('bárbara')}&comuna=temuco`);
    expect(a.total).toBe(0);
    expect(a.sugerencias).toEqual([{ q: 'bárbara', filtros: false, total: 2 }]);
  });

  it('suggests a near spelling of a place or service that finds something', async () => {
    const a = await search(q('porvidencia'));
    expect(a.total).toBe(0);
    expect(a.sugerencias).toEqual([{ q: 'providencia', filtros: true, total: 2 }]);
    expect((await search(q('masajez'))).sugerencias).toEqual([{ q: 'masajes', filtros: true, total: 3 }]);
  });

  it('suggests nothing when nothing else finds anything, and none beside results', async () => {
    expect((await search(q('zzzzqqq'))).sugerencias).toBeUndefined();
    expect((await search(q('valeria'))).sugerencias).toBeUndefined();
  });
});

describe('the condition of ?q= (decision 0185)', () => {
  const rows = async <T>(query: SQL) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('matches exactly the documents the ranked form matches, for every mix of weights', async () => {
    // Every document of three lexemes that begin alike, each at any mix of the four weights (2^12
    // documents), against each of the three as a word: for "masajes", a name or a place equal to it,
    // one that only starts with it, and its Spanish stem ("masaj") in the details.
    const lexemes = ['masaj', 'masajes', 'masajeses'];
    const [differ] = await rows<{ n: number }>(sql`
      with docs as (
        select (select coalesce(string_agg(format('%s:1%s', lexemes[1 + bit / 4], weights[1 + bit % 4]), ' '), '')
                from generate_series(0, 11) bit where mask & (1 << bit) <> 0)::tsvector as doc
        from generate_series(0, 4095) mask,
          (select array[${sql.join(
            lexemes.map((l) => sql`${l}`),
            sql`, `,
          )}]::text[] as lexemes, array['A', 'B', 'C', 'D'] as weights) named
      ), queries as materialized (
        select escort_search_query(array[word]) as ranked, escort_search_match(array[word]) as matched,
          escort_search_mismatch(array[word]) as mismatched
        from unnest(array['masaj', 'masajes', 'masajeses']) word
      )
      select count(*)::int as n from docs, queries
      where (doc @@ ranked) <> (doc @@ matched and not doc @@ mismatched)`);
    expect(differ!.n).toBe(0);
  });

  it('reads its candidates from indexes of listed profiles only (decision 0196)', async () => {
    // Every text search asks for listed profiles, and each candidate an index gives is a table row read
    // and tested: over all public ones, a fifth of a comuna's candidates were dropped by the filter.
    const indexes = await rows<{ name: string; def: string }>(sql`
      select indexname as name, indexdef as def from pg_indexes
      where tablename = 'escort_profiles' and indexdef ~ 'search_(doc|details)' order by indexname`);
    expect(indexes.map((i) => i.name)).toEqual([
      'escort_search_details_idx',
      'escort_search_text_idx',
      'escort_search_text_window_idx',
    ]);
    for (const { def } of indexes) expect(def).toMatch(/ WHERE \(public AND listed\)$/);
  });

  it("is estimated at the word's own matches, not once per weighted alternative", async () => {
    // 10,000 documents, all read by ANALYZE: a comuna's word in 2 % (weight B), a name in 20 %, and
    // 150 words of "Sobre mí" (PostgreSQL estimates a prefix from its statistics only when it keeps
    // 100 frequent words or more; below that, every prefix is 2 %).
    await t.app.db.execute(sql`
      create temp table estimate_docs as
      select (case when i % 50 = 0 then 'providencia:3B ' else '' end
        || case when i % 5 = 0 then 'valeria:1A ' else 'camila:1A ' end
        || 'santiago:4C palabra' || (i % 150) || ':5D')::tsvector as doc
      from generate_series(1, 10000) i`);
    await t.app.db.execute(sql`analyze estimate_docs`);
    const estimate = async (word: string) => {
      const [plan] = await rows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        sql`explain (format json) select * from estimate_docs
          where doc @@ escort_search_match(array[${word}]) and not doc @@ escort_search_mismatch(array[${word}])`,
      );
      return plan!['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    try {
      // 200 and 2,000 match; escort_search_query is estimated at about twice as many (428, 3,621).
      expect(await estimate('providencia')).toBeGreaterThan(150);
      expect(await estimate('providencia')).toBeLessThan(260);
      expect(await estimate('valeria')).toBeGreaterThan(1500);
      expect(await estimate('valeria')).toBeLessThan(2600);
    } finally {
      await t.app.db.execute(sql`drop table estimate_docs`);
    }
  });
});
