import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cityKey } from '@encanto/core/geo';
import { searchLimits } from '@encanto/core/search-params';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { windowPlan } from '../../src/modules/directory/search-queries.ts';

/**
 * A one-word search naming one comuna with more profiles than the relevance window (decision 0196):
 * the comuna's newest profiles beside the matches elsewhere, instead of every match of the word.
 */
let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** `n` escorts from `from` on, in `city`, newer the lower their number modulo 5,000, through the tables' own triggers. */
async function escorts(from: number, n: number, city: string, apellido: string, legenda = '') {
  await t.app.db.execute(sql`
    insert into accounts (id, kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm, fecha_nac,
      genero, fono, ciudad, url, pass_hash, autorizado, tipo_perfil, approved_at, created_at, updated_at)
    select md5('comuna:' || i)::uuid, 'escort', (20000000 + i)::text || '-1', (20000000 + i)::text || '1',
      'Nombre', ${apellido}, 'cw' || lpad(i::text, 5, '0'), 'cw' || i || '@test.cl', 'cw' || i || '@test.cl',
      date '1990-01-01', 'Femenino', '912345678', ${city},
      case when i % 9 = 0 then '' else '/media/ab/ab0123456789abcdef0123456789abcd-640.webp' end, 'x',
      'aprobado', 'usuario', now(), now(), now()
    from generate_series(${from}::int, ${from + n - 1}::int) i`);
  await t.app.db.execute(sql`
    insert into escort_profiles (account_id, city_key, legenda, estado, listed, public, created_at, updated_at)
    select md5('comuna:' || i)::uuid, ${cityKey(city)}, ${legenda},
      case when i % 7 = 0 then 'inactiva' else 'disponible' end, i % 7 <> 0, true,
      timestamptz '2026-11-01' - (i % 5000) * interval '1 minute', now()
    from generate_series(${from}::int, ${from + n - 1}::int) i`);
}

beforeAll(async () => {
  t = await createTestApp();
  // 700 in Providencia (600 listed); elsewhere, the word as a name and in "Sobre mí" (both among the
  // newest), and a profile that does not match.
  await escorts(1, 700, 'Providencia', 'Daniela');
  await escorts(5000, 3, 'Ñuñoa', 'Providencia Rojas');
  await escorts(5010, 3, 'Temuco', 'Camila', 'Vivo cerca de Providencia.');
  await escorts(9500, 1, 'Temuco', 'Valeria');
  await t.app.db.execute(
    sql`update escort_profiles set has_photo = false where account_id = md5('comuna:5001')::uuid`,
  );
  await t.app.db.execute(sql`analyze escort_profiles`);
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t.close();
});

interface Page {
  items: { nickname: string }[];
  siguiente: string | null;
  total: number;
  total_exacto: boolean;
}

/** What the whole document finds, in relevance order: the newest window of matches, ranked. */
async function expected(word: string): Promise<{ nicks: string[]; matches: number }> {
  const match = sql`search_doc @@ escort_search_match(array[${word}]::text[])
    and not search_doc @@ escort_search_mismatch(array[${word}]::text[])`;
  const [count] = await rows<{ n: number }>(sql`
    select count(*)::int as n from escort_profiles where public and listed and ${match}`);
  const ranked = await rows<{ nickname: string }>(sql`
    select a.nickname from (
      select * from escort_profiles where public and listed and ${match}
      order by has_photo desc, created_at desc, account_id desc limit ${searchLimits.textWindow}) w
    join accounts a on a.id = w.account_id
    order by (ts_rank(w.search_doc, escort_search_query(array[${word}]::text[])) * 1000000)::integer desc,
      w.has_photo desc, w.created_at desc, w.account_id desc`);
  return { nicks: ranked.map((r) => r.nickname), matches: count!.n };
}

describe('GET /api/escorts?q= naming one comuna (decision 0196)', () => {
  it('reads the comuna apart once the statistics say it has more profiles than the window', async () => {
    const today = '2026-11-30';
    expect('inComuna' in (await windowPlan(t.app.db, { filters: { q: 'providencia' }, today }))).toBe(true);
    // Few profiles in the comuna: the word's matches are read as for any word.
    expect('where' in (await windowPlan(t.app.db, { filters: { q: 'temuco' }, today }))).toBe(true);
  });

  it('answers what the whole document finds: every page of the window in relevance order, and its count', async () => {
    const want = await expected('providencia');
    expect(want.matches).toBeGreaterThan(searchLimits.textWindow);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.app.inject(
        `/api/escorts?q=providencia&limite=${searchLimits.maxLimit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body: Page = res.json();
      expect([body.total, body.total_exacto]).toEqual([searchLimits.textWindow, false]);
      seen.push(...body.items.map((c) => c.nickname));
      cursor = body.siguiente;
    } while (cursor !== null && seen.length < searchLimits.textWindow);
    expect(seen).toEqual(want.nicks);
    // Found elsewhere: by name they rank first, by "Sobre mí" among the comuna's; without a photo,
    // a match is outside a window this full.
    expect(seen.slice(0, 2).sort()).toEqual(['cw05000', 'cw05002']);
    expect(seen).not.toContain('cw05001');
    expect(seen).toContain('cw05010');
  });

  it('combines with the other filters in both halves', async () => {
    for (const query of [
      'q=providencia&comuna=nunoa',
      'q=providencia&comuna=providencia',
      'q=providencia&genero=Femenino',
    ]) {
      const res = await t.app.inject(`/api/escorts?${query}&limite=${searchLimits.maxLimit}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const nunoa = (await t.app.inject('/api/escorts?q=providencia&comuna=nunoa')).json<{
      items: { nickname: string }[];
    }>();
    expect(nunoa.items.map((c) => c.nickname).sort()).toEqual(['cw05000', 'cw05001', 'cw05002']);
  });
});
