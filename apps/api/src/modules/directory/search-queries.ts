import {
  and,
  Column,
  eq,
  gt,
  inArray,
  is,
  lte,
  ne,
  sql,
  type DriverValueDecoder,
  type SQL,
} from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  filterNames,
  placeFilterNames,
  searchWords,
  type FilterName,
  type FilterValueOf,
  type PlaceFilterName,
  type SearchFilters,
} from '@encanto/core/search-filters';
import { comunaNamedBy } from '@encanto/core/geo';
import { searchLimits, type SearchOrder } from '@encanto/core/search-params';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  escortProfiles as ep,
  escortVisits as visits,
  ratingTotals,
} from '../../db/schema/index.ts';

/** What narrows a search: the parsed filters, and the day in Chile (todayInChile) ages count on. */
export interface SearchFilter {
  filters: SearchFilters;
  today: string;
}

/** 'yyyy-mm-dd' n years earlier; 29 February becomes the 28th, as ageOn counts birthdays. */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-');
  const year = String(Number(y) - years).padStart(4, '0');
  const candidate = `${year}-${m}-${d}`;
  return new Date(`${candidate}T00:00:00Z`).getUTCDate() === Number(d) ? candidate : `${year}-${m}-28`;
}

interface FilterSql<K extends FilterName> {
  /** The condition on a public profile (escort_profiles); none when the value does not narrow (a false flag). */
  where: (value: FilterValueOf<K>, today: string) => SQL | undefined;
  /** A key of the escort_count_* indexes: the count reads only the index entries it names (searchTotal). */
  countKey?: true;
}

interface PlaceSql<K extends FilterName> extends FilterSql<K> {
  /** The same place on a visit (escort_visits): where the place's visitors of today are found. */
  visit: (value: FilterValueOf<K>) => SQL;
}

/**
 * Each filter of the descriptor (packages/core/src/search-filters.ts) as SQL: the one place a filter
 * meets a column. Its type wants every filter, so a new one cannot be left out of the search, its
 * count or its visitors. Places arrive as the keys profiles are stored under (search.ts parsed them).
 */
export const filterSql: { [K in FilterName]: K extends PlaceFilterName ? PlaceSql<K> : FilterSql<K> } = {
  // The words against the weighted document, through the GIN index escort_search_text_idx (decision
  // 0163), in the form whose estimate names each word once (decision 0185).
  q: { where: (v) => textMatch(ep.searchDoc, v) },
  zona: { where: (v) => eq(ep.zona, v), countKey: true, visit: (v) => eq(visits.zona, v) },
  region: { where: (v) => eq(ep.regionKey, v), countKey: true, visit: (v) => eq(visits.regionKey, v) },
  comuna: { where: (v) => eq(ep.cityKey, v), countKey: true, visit: (v) => eq(visits.cityKey, v) },
  ciudad: { where: (v) => eq(ep.cityKey, v), countKey: true, visit: (v) => eq(visits.cityKey, v) },
  genero: { where: (v) => eq(ep.genero, v), countKey: true },
  // Born on or before the day she turned the youngest age wanted; after the day the oldest turned one more.
  edad_min: { where: (v, today) => lte(ep.fechaNac, yearsBefore(today, v)) },
  edad_max: { where: (v, today) => gt(ep.fechaNac, yearsBefore(today, v + 1)) },
  con_galeria: { where: (v) => (v ? gt(ep.galleryCount, 0) : undefined) },
  // Verified photos are a twentieth of the profiles: their own count index (escort_count_fotos_idx).
  fotos_verificadas: { where: (v) => (v ? eq(ep.fotosVerificadas, true) : undefined), countKey: true },
  // A profile without a stated rate does not match a maximum.
  tarifa_max: { where: (v) => lte(ep.tarifaDesde, v) },
  // Every one wanted: `servicios @> array[…]` is what the GIN index escort_search_servicios_idx answers.
  servicio: {
    where: (v) =>
      v.length
        ? sql`${ep.servicios} @> array[${sql.join(
            v.map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`
        : undefined,
  },
  // "ambos" receives either way.
  atiende: { where: (v) => inArray(ep.atiende, [v, 'ambos']) },
};

/**
 * A text search's tsquery, by one of the migrations' functions: the words go as a text[] parameter,
 * letters and digits only (searchWords), so nothing typed is read as tsquery syntax. The matches
 * are `escort_search_query`'s, which ts_rank reads; the condition says the same as "match and not
 * mismatch", whose estimate names each word once (decision 0185).
 */
function textQuery(
  text: string,
  fn: 'escort_search_query' | 'escort_search_match' | 'escort_search_mismatch',
): SQL {
  const words = searchWords(text);
  return sql`${sql.raw(fn)}(array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[])`;
}

/** The words against a document: `q`'s condition (decision 0185), on search_doc or search_details. */
function textMatch(doc: typeof ep.searchDoc | typeof ep.searchDetails, text: string): SQL {
  return sql`(${doc} @@ ${textQuery(text, 'escort_search_match')} and not ${doc} @@ ${textQuery(text, 'escort_search_mismatch')})`;
}

/** One filter's condition, when the search has it (the map is typed per filter; this reads it for any). */
function conditionOf(name: FilterName, { filters, today }: SearchFilter): SQL | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  return (filterSql[name] as FilterSql<FilterName>).where(value as never, today);
}

const present = (conds: (SQL | undefined)[]) => conds.filter((c): c is SQL => c !== undefined);

/**
 * Listed profiles matching the filters (`names`, all of them by default). Who is listed is the one
 * rule of accounts' syncEscortVisibility (decision 0153), the same for every listing; `public` (which
 * `listed` implies) stays so the planner takes the partial `where public` indexes.
 */
export function conditions(f: SearchFilter, names: readonly FilterName[] = filterNames): SQL[] {
  return [eq(ep.public, true), eq(ep.listed, true), ...present(names.map((name) => conditionOf(name, f)))];
}

/**
 * The place filters given, as the visit's place and the profiles listed there already (a visitor
 * is shown beside the place's own list, never twice); undefined when the search names no place.
 */
export function visitPlace(f: SearchFilter): { visit: SQL[]; listedThere: SQL } | undefined {
  const given = placeFilterNames.filter((name) => f.filters[name] !== undefined);
  if (!given.length) return undefined;
  const visit = given.map((name) =>
    (filterSql[name] as PlaceSql<FilterName>).visit(f.filters[name] as never),
  );
  return { visit, listedThere: and(...present(given.map((name) => conditionOf(name, f))))! };
}

/**
 * The orders a page can be in: the visitor's choice (`orden`), or relevance, the default of a text
 * search (decision 0163), which only a search with `q` takes.
 */
export type SortName = SearchOrder | 'relevancia';

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

/**
 * Relevance: ts_rank of the document (names weigh most, then the comuna, the region and details,
 * then "Sobre mí") as a whole number, so a cursor compares it exactly; the newest first among equals.
 */
const relevanceCasts: SortKeyType[] = ['integer', ...sorts.recientes.casts];

function sortOf(orden: SortName, filter: SearchFilter): { cols: SQL[]; casts: SortKeyType[]; window?: SQL } {
  if (orden !== 'relevancia') return sorts[orden];
  const q = filter.filters.q;
  if (q === undefined) return { cols: [sql`0`, ...sorts.recientes.cols], casts: relevanceCasts };
  const rank = sql`(ts_rank(${ep.searchDoc}, ${textQuery(q, 'escort_search_query')}) * 1000000)::integer`;
  return { cols: [rank, ...sorts.recientes.cols], casts: relevanceCasts, window: relevanceWindow(filter) };
}

/**
 * The matches relevance ranks: the newest `textWindow` (searchLimits), read from the text window
 * index (a broad word) or the GIN index (a rare one), whichever the planner finds cheaper. Ranking
 * every match of a broad word ("masaje", 44% of the profiles) sorted 44,000 rows per page: 940 ms
 * p50 at 100,000 profiles (bench/RESULTS.md, decision 0163). Beyond the window, `orden=recientes`.
 */
function relevanceWindow(filter: SearchFilter): SQL {
  const plan = { where: conditions(filter) };
  return sql`${ep.accountId} in (${textWindowSql(plan, sql`${ep.accountId}`, searchLimits.textWindow)})`;
}

export const sortKeyTypes = (orden: SortName): readonly SortKeyType[] =>
  orden === 'relevancia' ? relevanceCasts : sorts[orden].casts;

/** A row's sort key as the cursor carries it: its sort columns as text. */
const sortKeyOf = (cols: SQL[]) =>
  sql<SortKey>`array[${sql.join(
    cols.map((c) => sql`${c}::text`),
    sql`, `,
  )}]`;

/** What a listing card reads (escort_profiles joined with accounts and rating_totals): the search and the visitors. */
export const cardColumns = {
  nickname: accounts.nickname,
  apellido: accounts.apellido,
  fechaNac: accounts.fechaNac,
  genero: accounts.genero,
  ciudad: accounts.ciudad,
  // The gallery's cover when she chose one, else the profile photo (decision 0155).
  url: sql<string>`coalesce(${ep.coverUrl}, ${accounts.url})`,
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
  orden: SortName,
  limit: number,
  from?: { key: SortKey; direction: 'after' | 'before' },
): Promise<SearchRow[]> {
  const { cols, casts, window } = sortOf(orden, filter);
  if (window) return (await searchRelevancePage(db, filter, limit, from)).rows;
  const where = conditions(filter);
  if (from) where.push(...cursorConditions(cols, casts, from));
  const direction = sql.raw(from?.direction === 'before' ? 'asc' : 'desc');
  const order = cols.map((c) => sql`${c} ${direction}`);
  return db
    .select({
      ...cardColumns,
      key: sortKeyOf(cols),
    })
    .from(ep)
    .innerJoin(accounts, eq(accounts.id, ep.accountId))
    .leftJoin(ratingTotals, eq(ratingTotals.accountId, ep.accountId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
}

/** Where a page starts: the rows past the cursor's key in its direction, the cursor's own row left out. */
function cursorConditions(
  cols: SQL[],
  casts: SortKeyType[],
  from: { key: SortKey; direction: 'after' | 'before' },
): SQL[] {
  const given = sql.join(
    from.key.map((v, i) => sql`${v}::${sql.raw(casts[i]!)}`),
    sql`, `,
  );
  // `<=` and the cursor's own row left out (the account id ends every key) mean the same as `<`,
  // but the planner estimates `<=` sanely: for `<` it takes only the first column's `<`, near zero
  // rows on a deep page of unrated profiles (`rating_score < 0`), and walked the all-profiles index
  // past every other place's rows (a Temuco page by rating read 10,806 rows; 24,442 at 1M).
  const id = from.key.at(-1)!;
  return [
    sql`(${sql.join(cols, sql`, `)}) ${sql.raw(from.direction === 'before' ? '>=' : '<=')} (${given})`,
    sql`${ep.accountId} <> ${id}::uuid`,
  ];
}

/**
 * The newest matches of a text search, in the recientes order, up to `limit`: the relevance window
 * (decision 0163). Written so the planner can take escort_search_text_window_idx (decision 0182):
 * listed profiles newest first with the document and the filter columns in the index, so a broad
 * word is an index-only walk that reads no table row; a rare word is still found through the GIN
 * index and sorted.
 */
function textWindowSql(plan: WindowPlan, columns: SQL, limit: number): SQL {
  const newest = sql`${ep.hasPhoto} desc, ${ep.createdAt} desc, ${ep.accountId} desc`;
  if ('where' in plan)
    return sql`select ${columns} from ${ep} where ${and(...plan.where)} order by ${newest} limit ${limit}`;
  const cols = sql`${ep.accountId}, ${ep.hasPhoto}, ${ep.createdAt}, ${ep.searchDoc}`;
  return sql`select ${columns} from (
      (select ${cols} from ${ep} where ${and(...plan.inComuna)} order by ${newest} limit ${limit})
      union all
      (select ${cols} from ${ep} where ${and(...plan.elsewhere)})
    ) ${ep} order by ${newest} limit ${limit}`;
}

/**
 * Where a relevance window's rows come from: the matches of the search, or (decision 0196), for one
 * word that names one comuna with more profiles than the window and is seldom found elsewhere, that
 * comuna's newest profiles (all of which match: the word is their comuna) beside the matches
 * elsewhere, found through escort_search_details_idx, the document without its comuna. Through the
 * whole document such a word found every profile placed there, each a table row read: 1,728 at
 * 1,000,000 profiles, where the comuna's own index reads the newest 481.
 */
export type WindowPlan = { where: SQL[] } | { inComuna: SQL[]; elsewhere: SQL[] };

export async function windowPlan(db: DbOrTx, filter: SearchFilter): Promise<WindowPlan> {
  const q = filter.filters.q!;
  const words = searchWords(q);
  const comuna = words.length === 1 ? comunaNamedBy(words[0]!) : undefined;
  if (comuna === undefined) return { where: conditions(filter) };
  const { all, elsewhere } = await wordEstimates(db, words[0]!, filter.today);
  const window = searchLimits.textWindow;
  if (all <= window || elsewhere > window) return { where: conditions(filter) };
  const others = conditions(
    filter,
    filterNames.filter((name) => name !== 'q'),
  );
  return {
    inComuna: [...others, eq(ep.cityKey, comuna)],
    elsewhere: [...others, ne(ep.cityKey, comuna), textMatch(ep.searchDetails, q)],
  };
}

interface WordEstimates {
  /** Profiles holding the word anywhere (search_doc). */
  all: number;
  /** Profiles holding it outside any comuna: a name, the details, "Sobre mí" (search_details). */
  elsewhere: number;
}

/**
 * The estimates a comuna's word is planned by, once a day per database: statistics move only when
 * the table is analyzed, a comuna's word is one of a few hundred, and either plan answers the same.
 */
const estimateMemo = new WeakMap<object, { day: string; words: Map<string, WordEstimates> }>();

async function wordEstimates(db: DbOrTx, word: string, day: string): Promise<WordEstimates> {
  let memo = estimateMemo.get(db);
  if (memo?.day !== day) estimateMemo.set(db, (memo = { day, words: new Map() }));
  const known = memo.words.get(word);
  if (known) return known;
  const estimates = await readWordEstimates(db, word);
  memo.words.set(word, estimates);
  return estimates;
}

/**
 * PostgreSQL's statistics of the two documents: the share of rows holding each frequent lexeme the
 * word matches, summed, times the rows. A word missing from them is rarer than any they keep;
 * without statistics (never analyzed) both are 0.
 */
async function readWordEstimates(db: DbOrTx, word: string): Promise<WordEstimates> {
  const result = await db.execute(sql`
    select coalesce(sum(m.f) filter (where s.attname = 'search_doc') * max(c.reltuples), 0)::float8 as "all",
      coalesce(sum(m.f) filter (where s.attname = 'search_details') * max(c.reltuples), 0)::float8 as elsewhere
    from pg_stats s
    cross join lateral (select s.most_common_elems::text::text[] as elems) e
    cross join lateral unnest(e.elems, s.most_common_elem_freqs[1:cardinality(e.elems)]) m(lexeme, f)
    join pg_class c on c.oid = 'escort_profiles'::regclass
    where s.schemaname = current_schema() and s.tablename = 'escort_profiles'
      and s.attname in ('search_doc', 'search_details')
      and setweight(array_to_tsvector(array[m.lexeme]), 'C') @@ ${textQuery(word, 'escort_search_match')}`);
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: WordEstimates[] }).rows;
  return { all: Number(row?.all ?? 0), elsewhere: Number(row?.elsewhere ?? 0) };
}

/** The card's columns as a raw statement's select list, each under its field name (decodeCard reads them). */
const cardSelect = sql.join(
  Object.entries(cardColumns).map(([name, field]) => sql`${field} as ${sql.identifier(name)}`),
  sql`, `,
);

/** A raw row's card columns as the query builder would have answered them (each column's or sql's decoder). */
function decodeCard(raw: Record<string, unknown>): ListCardRow {
  const entries = Object.entries(cardColumns).map(([name, field]) => {
    const value = raw[name];
    if (value === null || value === undefined) return [name, value];
    // An sql column's decoder (its mapWith) is not in drizzle's types; its own row mapping reads it so.
    const decoder = is(field, Column)
      ? field
      : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
    return [name, decoder.mapFromDriverValue(value)];
  });
  return Object.fromEntries(entries) as ListCardRow;
}

/**
 * A relevance page (decisions 0163, 0182, 0184) in one statement: the window, its count, the page's
 * keys and the page's cards. The window is walked once and answers the count too: it is read one row
 * deeper than it ranks, so its size says whether more than `textWindow` match, which is what the text
 * search's count says (searchTotal). Its matches carry the document, so ranking them reads no table
 * row. The page is a subquery with its own LIMIT, which PostgreSQL plans before the joins, so only
 * the page's rows meet accounts and rating_totals (joined to the window itself, the planner had
 * joined every row of it before sorting: bench/EXPLAIN.md, "Text search").
 */
export async function searchRelevancePage(
  db: DbOrTx,
  filter: SearchFilter,
  limit: number,
  from?: { key: SortKey; direction: 'after' | 'before' },
) {
  const { cols, casts } = sortOf('relevancia', filter);
  const cap = searchLimits.textWindow;
  // The page's conditions name escort_profiles' columns: the window's rows go by that name.
  const where = from ? [...cursorConditions(cols, casts, from)] : [];
  const direction = sql.raw(from?.direction === 'before' ? 'asc' : 'desc');
  const order = sql.join(
    cols.map((c) => sql`${c} ${direction}`),
    sql`, `,
  );
  const windowCols = sql`${ep.accountId}, ${ep.hasPhoto}, ${ep.createdAt}, ${ep.searchDoc}`;
  const plan = await windowPlan(db, filter);
  const result = await db.execute(sql`
    with text_window as materialized (${textWindowSql(plan, windowCols, cap + 1)})
    select ${cardSelect}, page.key, counted.n from (select count(*)::int as n from text_window) counted
    left join lateral (
      select ${ep.accountId} as id, ${sortKeyOf(cols)} as key, row_number() over (order by ${order}) as pos
      from (select * from text_window order by has_photo desc, created_at desc, account_id desc limit ${cap}) ${ep}
      ${where.length ? sql`where ${and(...where)}` : sql``}
      order by ${order}
      limit ${limit + 1}
    ) page on true
    left join ${ep} on ${ep.accountId} = page.id
    left join ${accounts} on ${accounts.id} = page.id
    left join ${ratingTotals} on ${ratingTotals.accountId} = page.id
    order by page.pos`);
  // node-postgres and PGlite both answer { rows }.
  const found = (
    result as unknown as { rows: (Record<string, unknown> & { key: SortKey | null; n: number })[] }
  ).rows;
  const n = Number(found[0]?.n ?? 0);
  const total = n > cap ? { n: cap, exact: false } : { n, exact: true };
  const rows = found.flatMap((raw) => (raw.key === null ? [] : [{ ...decodeCard(raw), key: raw.key }]));
  return { rows, total };
}

/** What a listing card is made of (cardColumns): a search row, or a visitor's. */
export type ListCardRow = SelectResultFields<typeof cardColumns>;
/** A page's row: the card's columns and the row's sort key. */
export type SearchRow = ListCardRow & { key: SortKey };

/**
 * The sort key of the row at `offset` (0-based) in display order, or null past the last: where a
 * page typed by number starts (`?pagina=N` without a cursor). It reads the same index as the page
 * query, keys only, at most `maxNumberedPage` x `maxLimit` entries; the pages' own links use cursors.
 */
export async function searchKeyAt(
  db: DbOrTx,
  filter: SearchFilter,
  orden: SortName,
  offset: number,
): Promise<SortKey | null> {
  const { cols, window } = sortOf(orden, filter);
  const [row] = await db
    .select({ key: sortKeyOf(cols) })
    .from(ep)
    .where(and(...conditions(filter), window))
    .orderBy(...cols.map((c) => sql`${c} desc`))
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
  // A text search counts its matches, not the place's entries: the first `cap + 1` are enough to
  // know whether there are more (a relevance page counts them as it reads its window).
  if (filter.filters.q !== undefined) {
    // In the window's order, so a broad word is the window index's index-only walk (decision 0182);
    // without an order the planner read the table until 481 matched (11,500 rows for "vale").
    const counted = await db.execute(sql`
      select count(*)::int as n from (${textWindowSql(await windowPlan(db, filter), sql`1`, cap + 1)}) m`);
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return n > cap ? { n: cap, exact: false } : { n, exact: true };
  }
  const keys = conditions(
    filter,
    filterNames.filter((name) => filterSql[name].countKey),
  );
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
