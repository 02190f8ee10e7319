import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AtiendeFilter } from '@encanto/core/profile-details';
import type { SearchOrder } from '@encanto/core/search-params';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles as ep, ratingTotals } from '../../db/schema/index.ts';

/** The search after the service resolved places and ages: every field narrows the public profiles. */
export interface SearchFilter {
  cityKey?: string | undefined;
  regionKey?: string | undefined;
  zona?: string | undefined;
  genero?: string | undefined;
  /** Born on or before: the youngest age wanted. */
  bornBy?: string | undefined;
  /** Born after: the oldest age wanted. */
  bornAfter?: string | undefined;
  disponible?: boolean | undefined;
  conGaleria?: boolean | undefined;
  fotosVerificadas?: boolean | undefined;
  /** Profile details (decision 0103): rate at most, every one of these services, where she receives. */
  tarifaMax?: number | undefined;
  servicios?: string[] | undefined;
  atiende?: AtiendeFilter | undefined;
}

/** A row's position in its sort, as text, so a cursor round-trips exactly (timestamps keep microseconds). */
export type SortKey = string[];

/** The SQL types of the sort columns: what a cursor's text is cast back to (and checked against, cursor.ts). */
export type SortKeyType = 'boolean' | 'timestamptz' | 'integer' | 'uuid';

/**
 * Each sort's columns, all descending, with the account id last so the order is total. The
 * escort_search_* indexes hold the same columns after the place column: a row comparison
 * `(…) < (…)` against the cursor is a range of one index, read backwards, never OFFSET.
 */
const sorts: Record<SearchOrder, { cols: SQL[]; casts: SortKeyType[] }> = {
  recientes: {
    cols: [sql`${ep.hasPhoto}`, sql`${ep.createdAt}`, sql`${ep.accountId}`],
    casts: ['boolean', 'timestamptz', 'uuid'],
  },
  calificacion: {
    cols: [sql`${ep.ratingScore}`, sql`${ep.ratingCount}`, sql`${ep.accountId}`],
    casts: ['integer', 'integer', 'uuid'],
  },
  comentarios: { cols: [sql`${ep.commentCount}`, sql`${ep.accountId}`], casts: ['integer', 'uuid'] },
};

export const sortKeyTypes = (orden: SearchOrder): readonly SortKeyType[] => sorts[orden].casts;

/** A row's sort key as the cursor carries it: its sort columns as text. */
const sortKeyOf = (orden: SearchOrder) =>
  sql<SortKey>`array[${sql.join(
    sorts[orden].cols.map((c) => sql`${c}::text`),
    sql`, `,
  )}]`;

export function conditions(f: SearchFilter): SQL[] {
  const out: (SQL | undefined)[] = [
    eq(ep.public, true),
    f.cityKey !== undefined ? eq(ep.cityKey, f.cityKey) : undefined,
    f.regionKey !== undefined ? eq(ep.regionKey, f.regionKey) : undefined,
    f.zona !== undefined ? eq(ep.zona, f.zona) : undefined,
    f.genero !== undefined ? eq(ep.genero, f.genero) : undefined,
    f.bornBy !== undefined ? lte(ep.fechaNac, f.bornBy) : undefined,
    f.bornAfter !== undefined ? gt(ep.fechaNac, f.bornAfter) : undefined,
    f.disponible ? eq(ep.estado, 'disponible') : undefined,
    f.conGaleria ? gt(ep.galleryCount, 0) : undefined,
    f.fotosVerificadas ? eq(ep.fotosVerificadas, true) : undefined,
    ...detailConditions(f),
  ];
  return out.filter((c): c is SQL => c !== undefined);
}

/**
 * The profile details' filters (decision 0103). A profile without a stated rate does not match a
 * maximum; `servicios @> array[…]` (all wanted) is what the GIN index escort_search_servicios_idx
 * answers; "ambos" receives either way.
 */
function detailConditions(f: SearchFilter): (SQL | undefined)[] {
  return [
    f.tarifaMax !== undefined ? lte(ep.tarifaDesde, f.tarifaMax) : undefined,
    f.servicios?.length
      ? sql`${ep.servicios} @> array[${sql.join(
          f.servicios.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    f.atiende !== undefined ? inArray(ep.atiende, [f.atiende, 'ambos']) : undefined,
  ];
}

export interface SearchRow {
  nickname: string;
  apellido: string;
  fechaNac: string;
  genero: string;
  ciudad: string;
  url: string;
  estado: 'disponible' | 'inactiva';
  galleryCount: number;
  fotosVerificadas: boolean;
  tarifaDesde: number | null;
  ratingCount: number;
  ratingSum: number;
  key: SortKey;
}

/** What a listing card reads (escort_profiles joined with accounts and rating_totals): the search and the visitors. */
export const cardColumns = {
  nickname: accounts.nickname,
  apellido: accounts.apellido,
  fechaNac: accounts.fechaNac,
  genero: accounts.genero,
  ciudad: accounts.ciudad,
  url: accounts.url,
  estado: ep.estado,
  galleryCount: ep.galleryCount,
  fotosVerificadas: ep.fotosVerificadas,
  tarifaDesde: ep.tarifaDesde,
  ratingCount: sql<number>`coalesce(${ratingTotals.count}, 0)`.mapWith(Number),
  ratingSum:
    sql<number>`coalesce(${ratingTotals.sum1} + ${ratingTotals.sum2} + ${ratingTotals.sum3} + ${ratingTotals.sum4} + ${ratingTotals.sum5}, 0)`.mapWith(
      Number,
    ),
};

/**
 * One page in display order. `after` continues below a row, `before` reads the rows above one
 * (for the previous page link) and returns them in display order too. Fetches `limit + 1` so the
 * caller knows whether another page exists in that direction.
 */
export async function searchPage(
  db: DbOrTx,
  filter: SearchFilter,
  orden: SearchOrder,
  limit: number,
  from?: { key: SortKey; direction: 'after' | 'before' },
): Promise<SearchRow[]> {
  const { cols, casts } = sorts[orden];
  const where = conditions(filter);
  const backwards = from?.direction === 'before';
  if (from) {
    const given = sql.join(
      from.key.map((v, i) => sql`${v}::${sql.raw(casts[i]!)}`),
      sql`, `,
    );
    // `<=` and the cursor's own row left out (the account id ends every key) mean the same as `<`,
    // but the planner estimates `<=` sanely: for `<` it takes only the first column's `<`, near zero
    // rows on a deep page of unrated profiles (`rating_score < 0`), and walked the all-profiles index
    // past every other place's rows (a Temuco page by rating read 10,806 rows; 24,442 at 1M).
    const id = from.key.at(-1)!;
    where.push(sql`(${sql.join(cols, sql`, `)}) ${sql.raw(backwards ? '>=' : '<=')} (${given})`);
    where.push(sql`${ep.accountId} <> ${id}::uuid`);
  }
  const direction = sql.raw(backwards ? 'asc' : 'desc');
  const rows = await db
    .select({
      ...cardColumns,
      key: sortKeyOf(orden),
    })
    .from(ep)
    .innerJoin(accounts, eq(accounts.id, ep.accountId))
    .leftJoin(ratingTotals, eq(ratingTotals.accountId, ep.accountId))
    .where(and(...where))
    .orderBy(...cols.map((c) => sql`${c} ${direction}`))
    .limit(limit + 1);
  return rows;
}

/**
 * The sort key of the row at `offset` (0-based) in display order, or null past the last: where a
 * page typed by number starts (`?pagina=N` without a cursor). It reads the same index as the page
 * query, keys only, at most `maxNumberedPage` x `maxLimit` entries; the pages' own links use cursors.
 */
export async function searchKeyAt(
  db: DbOrTx,
  filter: SearchFilter,
  orden: SearchOrder,
  offset: number,
): Promise<SortKey | null> {
  const [row] = await db
    .select({ key: sortKeyOf(orden) })
    .from(ep)
    .where(and(...conditions(filter)))
    .orderBy(...sorts[orden].cols.map((c) => sql`${c} desc`))
    .limit(1)
    .offset(offset);
  return row?.key ?? null;
}

/** A count that may have stopped early: `exact` is false when more than `n` rows match. */
export interface SearchCount {
  n: number;
  exact: boolean;
}

/**
 * How many public profiles match, for the page's "N perfiles", with the same bounded work at any
 * size: it reads at most `scan + 1` entries of the place's escort_count_* index (place and gender are
 * its keys, the other filter columns INCLUDEd, so an index-only scan that never reads the table)
 * and counts the matches among them. When the place and gender hold more entries than that, the
 * count is not exact: the cap when more than `cap` matched ("más de 10.000"), else the matches seen,
 * a lower bound ("más de 2.460").
 */
export async function searchTotal(
  db: DbOrTx,
  filter: SearchFilter,
  cap: number,
  scan = cap,
): Promise<SearchCount> {
  const keys = [
    eq(ep.public, true),
    filter.cityKey !== undefined ? eq(ep.cityKey, filter.cityKey) : undefined,
    filter.regionKey !== undefined ? eq(ep.regionKey, filter.regionKey) : undefined,
    filter.zona !== undefined ? eq(ep.zona, filter.zona) : undefined,
    filter.genero !== undefined ? eq(ep.genero, filter.genero) : undefined,
    // Verified photos are a twentieth of the profiles: their own count index (escort_count_fotos_idx).
    filter.fotosVerificadas ? eq(ep.fotosVerificadas, true) : undefined,
  ];
  // ORDER BY the index's gender key keeps the planner on the count index (a seq scan that stops at
  // `scan` rows of a rare place would read the whole table); every filter, new ones included, is `m`.
  const result = await db.execute(sql`
    select (count(*) filter (where m))::int as n, count(*)::int as seen from (
      select (${and(...conditions(filter))}) as m from ${ep} where ${and(...keys)}
      order by ${ep.genero} limit ${scan + 1}
    ) entries`);
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: { n: number; seen: number }[] }).rows;
  const n = Number(row?.n ?? 0);
  // Entry `scan + 1`, when it exists, says the place holds more than `scan` (a match there counts too).
  if (n > cap) return { n: cap, exact: false };
  return { n, exact: Number(row?.seen ?? 0) <= scan };
}
