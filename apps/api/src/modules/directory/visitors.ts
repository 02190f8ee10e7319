import { todayInChile } from '@encanto/core/chile-time';
import type { EscortListCard } from '@encanto/core/escorts';
import { cityKey } from '@encanto/core/geo';
import type { EscortSearchQuery, EscortSearchResult } from '@encanto/core/search';
import type { VisitorCard } from '@encanto/core/touring-listing';
import type { DbOrTx } from '../../db/client.ts';
import type { SearchFilter } from './search-queries.ts';
import { visitorRows } from './visitor-queries.ts';
import {
  filtersOf,
  firstListingPage,
  searchEscorts,
  searchSuggestions,
  toListCard,
  type TotalSource,
} from './search.ts';

/** Public profiles (same visibility and filters as the search) with a visit to the filter's place that includes its day. */
export async function visitorCards(db: DbOrTx, filter: SearchFilter): Promise<VisitorCard[]> {
  const rows = await visitorRows(db, filter);
  return rows.map((r) => ({ ...toListCard(r, filter.today), visita: r.visita }));
}

/** GET /api/escorts: the search's page, and on the first page the place's visitors of today. */
export async function searchWithVisitors(
  db: DbOrTx,
  query: EscortSearchQuery,
  totals: TotalSource,
  now: Date,
): Promise<EscortSearchResult> {
  const today = todayInChile(now);
  const { cursor, pagina = 1 } = query;
  const [answer, deVisita] = await Promise.all([
    searchEscorts(db, query, now, totals),
    cursor === undefined && pagina === 1
      ? visitorCards(db, { filters: filtersOf(query), today })
      : Promise.resolve([]),
  ]);
  // A text search that found nothing on its first page offers others that find something.
  const first = cursor === undefined && pagina === 1;
  if (first && answer.total === 0 && query.q !== undefined) {
    const sugerencias = await searchSuggestions(db, filtersOf(query), now, totals);
    if (sugerencias.length) return { ...answer, de_visita: deVisita, sugerencias };
  }
  return { ...answer, de_visita: deVisita };
}

/**
 * GET /api/usuario/ciudad/{city}: the spec's list, then the available visitors with their `visita`;
 * the route answers each as the spec's card (cityListCardSchema).
 */
export async function cityListingWithVisitors(
  db: DbOrTx,
  city: string,
  now: Date,
): Promise<(EscortListCard & { visita?: VisitorCard['visita'] })[]> {
  const today = todayInChile(now);
  const key = cityKey(city);
  const [residents, visitors] = await Promise.all([
    firstListingPage(db, now, city),
    key === '' ? Promise.resolve([]) : visitorCards(db, { filters: { comuna: key }, today }),
  ]);
  return [...residents, ...visitors];
}
