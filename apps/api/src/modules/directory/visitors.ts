import { and, asc, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/age';
import type { EscortCard } from '@encanto/core/escorts';
import { cityKey } from '@encanto/core/geo';
import type { EscortSearchQuery } from '@encanto/core/search';
import type { VisitorCard } from '@encanto/core/touring-listing';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles as ep, escortVisits as v, ratingTotals } from '../../db/schema/index.ts';
import { cardColumns, conditions, type SearchFilter } from './search-queries.ts';
import {
  firstListingPage,
  searchEscorts,
  toFilter,
  toListCard,
  type SearchAnswer,
  type TotalSource,
} from './search.ts';

/**
 * Touring (issue 17): escorts visiting the listed place today. A separate small query beside the
 * keyset search (its pages, cursors and counts stay as they are): visits are few (3 per escort at
 * most, a handful active in one place), read through escort_visits_{city,region,zona}_idx.
 */
export const VISITORS_MAX = 48;

/** The place condition on the visit, and the resident's place column it must differ from (she is listed there already). */
function placeOf(f: SearchFilter): { visit: SQL; resident: SQL }[] | undefined {
  if (f.cityKey !== undefined)
    return [{ visit: eq(v.cityKey, f.cityKey), resident: ne(ep.cityKey, f.cityKey) }];
  const out: { visit: SQL; resident: SQL }[] = [];
  if (f.regionKey !== undefined)
    out.push({ visit: eq(v.regionKey, f.regionKey), resident: ne(ep.regionKey, f.regionKey) });
  if (f.zona !== undefined) out.push({ visit: eq(v.zona, f.zona), resident: ne(ep.zona, f.zona) });
  return out.length ? out : undefined;
}

/** Public profiles (same visibility and filters as the search) with a visit to the filter's place that includes `today`. */
export async function visitorCards(db: DbOrTx, filter: SearchFilter, today: string): Promise<VisitorCard[]> {
  const place = placeOf(filter);
  if (!place || filter.cityKey === '') return [];
  const rest = conditions({ ...filter, cityKey: undefined, regionKey: undefined, zona: undefined });
  const rows = await db
    .select({
      ...cardColumns,
      visita: { ciudad: v.ciudad, desde: v.desde, hasta: v.hasta },
    })
    .from(v)
    .innerJoin(ep, eq(ep.accountId, v.accountId))
    .innerJoin(accounts, eq(accounts.id, v.accountId))
    .leftJoin(ratingTotals, eq(ratingTotals.accountId, v.accountId))
    .where(
      and(...place.flatMap((p) => [p.visit, p.resident]), lte(v.desde, today), gte(v.hasta, today), ...rest),
    )
    .orderBy(desc(ep.hasPhoto), asc(v.desde), asc(v.accountId))
    .limit(VISITORS_MAX);
  return rows.map((r) => ({ ...toListCard({ ...r, key: [] }, today), visita: r.visita }));
}

export type SearchWithVisitors = SearchAnswer & { de_visita: VisitorCard[] };

/** GET /api/escorts: the search's page, and on the first page the place's visitors of today. */
export async function searchWithVisitors(
  db: DbOrTx,
  query: EscortSearchQuery,
  totals: TotalSource,
  now: Date,
): Promise<SearchWithVisitors> {
  const today = todayInChile(now);
  const { limite: _l, cursor, pagina = 1, orden: _o, ...criteria } = query;
  const [answer, deVisita] = await Promise.all([
    searchEscorts(db, query, totals),
    cursor === undefined && pagina === 1
      ? visitorCards(db, toFilter(criteria, today), today)
      : Promise.resolve([]),
  ]);
  return { ...answer, de_visita: deVisita };
}

/** GET /api/usuario/ciudad/{city}: the spec's list, then the available visitors with their `visita`. */
export async function cityListingWithVisitors(
  db: DbOrTx,
  city: string,
  now: Date,
): Promise<(EscortCard & { visita?: VisitorCard['visita'] })[]> {
  const today = todayInChile(now);
  const key = cityKey(city);
  const [residents, visitors] = await Promise.all([
    firstListingPage(db, city),
    key === '' ? Promise.resolve([]) : visitorCards(db, { cityKey: key, disponible: true }, today),
  ]);
  return [
    ...residents,
    ...visitors.map(({ nickname, apellido, edad, genero, ciudad, url, srcset, estado, visita }) => ({
      nickname,
      apellido,
      edad,
      genero,
      ciudad,
      url,
      srcset,
      estado,
      visita,
    })),
  ];
}
