import { todayInChile } from '@encanto/core/chile-time';
import { cityKey } from '@encanto/core/geo';
import type { EscortListCard } from '@encanto/core/escorts';
import type { EscortSearchQuery, EscortSearchResult, SearchSuggestion } from '@encanto/core/search';
import { filterKey, type SearchFilters } from '@encanto/core/search-filters';
import { searchLimits } from '@encanto/core/search-params';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, encodeCursor, type CursorPosition } from './cursor.ts';
import {
  searchKeyAt,
  searchPage,
  searchRelevancePage,
  searchTotal,
  type ListCardRow,
  type SearchCount,
  type SearchFilter,
  type SortName,
} from './search-queries.ts';
import { toCard } from './service.ts';
import { nearSpelling } from './spelling.ts';

export type SearchAnswer = Omit<EscortSearchResult, 'de_visita'>;

/** The search's filters: the query without its order and page (search-filters.ts names them). */
export function filtersOf(query: EscortSearchQuery): SearchFilters {
  const { limite: _l, cursor: _c, pagina: _p, orden: _o, ...filters } = query;
  return filters;
}

/** Where the count stops: a text search counts up to its relevance window (decision 0163). */
const capOf = (filters: SearchFilters) =>
  filters.q === undefined ? searchLimits.totalCap : searchLimits.textWindow;

/** A listing card: the card (toCard) and what the result grid shows. */
export function toListCard(row: ListCardRow, today: string): EscortListCard {
  return {
    ...toCard(row, today),
    verificada: true,
    fotos_verificadas: row.fotosVerificadas,
    promedio: row.ratingCount > 0 ? Math.round((10 * row.ratingSum) / (5 * row.ratingCount)) / 10 : null,
    calificaciones: row.ratingCount,
    galeria: row.galleryCount,
    tarifa_desde: row.tarifaDesde,
  };
}

/**
 * How the total is found: counted each time by default; the route passes one that keeps it in the
 * public cache per filter (not per order or cursor), so later pages and other orders reuse the count,
 * which is the costly part of a broad search (bench/RESULTS.md, decision 0101).
 */
export type TotalSource = (key: string, count: () => Promise<SearchCount>) => Promise<SearchCount>;

const countEachTime: TotalSource = (_key, count) => count();

/** GET /api/escorts: one page of public profiles in the chosen order, with the cursors around it. */
export async function searchEscorts(
  db: DbOrTx,
  query: EscortSearchQuery,
  now: Date,
  totals: TotalSource = countEachTime,
): Promise<SearchAnswer> {
  const { limite = searchLimits.defaultLimit, cursor, pagina = 1 } = query;
  // Ages (and the age filter) follow the day in Chile at `now`.
  const today = todayInChile(now);
  const filter: SearchFilter = { filters: filtersOf(query), today };
  // Without a chosen order, a text search is in order of relevance (decision 0163).
  const orden: SortName = query.orden ?? (filter.filters.q === undefined ? 'recientes' : 'relevancia');
  // A cursor says where its page starts; a page asked by number alone starts after the last row of
  // the page before it (null: past the end, an empty page).
  let from: CursorPosition | undefined | null;
  if (cursor !== undefined) from = decodeCursor(cursor, orden);
  else if (pagina > 1) {
    const key = await searchKeyAt(db, filter, orden, (pagina - 1) * limite - 1);
    from = key && { key, direction: 'after' };
  }
  // A relevance page reads its window once and counts the matches as it goes (decision 0182).
  let counted: SearchCount | undefined;
  let rows: Awaited<ReturnType<typeof searchPage>> = [];
  if (from !== null && orden === 'relevancia' && filter.filters.q !== undefined) {
    ({ rows, total: counted } = await searchRelevancePage(db, filter, limite, from));
  } else if (from !== null) rows = await searchPage(db, filter, orden, limite, from);
  const more = rows.length > limite;
  const page = rows.slice(0, limite);
  if (from?.direction === 'before') page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const backwards = from?.direction === 'before';
  // The day is in the key: an age filter's birth dates move with it.
  const total = await totals(
    `${today}:${filterKey(filter.filters)}`,
    async () => counted ?? searchTotal(db, filter, capOf(filter.filters)),
  );
  return {
    items: page.map((r) => toListCard(r, today)),
    siguiente: last && (backwards || more) ? encodeCursor('after', orden, last.key) : null,
    anterior:
      first && (backwards ? more : from !== undefined) ? encodeCursor('before', orden, first.key) : null,
    total: total.n,
    total_exacto: total.exact,
  };
}

/**
 * What a text search that found nothing suggests (decision 0164): the same words anywhere and
 * without the other filters, when it had some, and the words spelled as a known place, service or
 * language, with the same filters; each only when it finds something, with its count.
 */
export async function searchSuggestions(
  db: DbOrTx,
  filters: SearchFilters,
  now: Date,
  totals: TotalSource = countEachTime,
): Promise<SearchSuggestion[]> {
  const q = filters.q;
  if (q === undefined) return [];
  const today = todayInChile(now);
  const count = async (f: SearchFilters) =>
    totals(`${today}:${filterKey(f)}`, () => searchTotal(db, { filters: f, today }, capOf(f)));
  const out: SearchSuggestion[] = [];
  const others = Object.entries(filters).some(([name, v]) => name !== 'q' && v !== undefined);
  if (others) {
    const alone = await count({ q });
    if (alone.n > 0) out.push({ q, filtros: false, total: alone.n });
  }
  const respelled = nearSpelling(q);
  if (respelled !== undefined) {
    const there = await count({ ...filters, q: respelled });
    if (there.n > 0) out.push({ q: respelled, filtros: true, total: there.n });
  }
  return out;
}

/**
 * The spec's listings (/api/ultimos, /api/usuario/ciudad/{city}): the first page of the same search,
 * listed profiles only (who are available), as listing cards; their routes answer the spec's smaller card (escortCardSchema).
 */
export async function firstListingPage(db: DbOrTx, now: Date, city?: string): Promise<EscortListCard[]> {
  const key = city === undefined ? undefined : cityKey(city);
  if (key === '') return [];
  const today = todayInChile(now);
  // The city's key is what a comuna filter holds once parsed (the key profiles are stored under).
  const filter: SearchFilter = { filters: { comuna: key }, today };
  const rows = await searchPage(db, filter, 'recientes', LISTING_PAGE);
  return rows.slice(0, LISTING_PAGE).map((r) => toListCard(r, today));
}

/** The spec's listings keep their length: one page of the search's largest size. */
export const LISTING_PAGE = searchLimits.maxLimit;
