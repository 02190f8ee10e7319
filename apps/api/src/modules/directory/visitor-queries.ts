import { and, asc, desc, eq, gte, lte, not } from 'drizzle-orm';
import { pageFilterNames } from '@encanto/core/search-filters';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles as ep, escortVisits as v, ratingTotals } from '../../db/schema/index.ts';
import { cardColumns, conditions, visitPlace, type SearchFilter } from './search-queries.ts';

/**
 * Touring: escorts visiting the listed place today. A separate small query beside the
 * keyset search (its pages, cursors and counts stay as they are): visits are few (3 per escort at
 * most, a handful active in one place), read through escort_visits_{city,region,zona}_idx.
 */
export const VISITORS_MAX = 48;

/**
 * Public profiles (same visibility and filters as the search) with a visit to the filter's place
 * that includes `today`, as card rows with the visit; none when the filter names no place.
 */
export async function visitorRows(db: DbOrTx, filter: SearchFilter) {
  const place = visitPlace(filter);
  if (!place) return [];
  // A resident of the place is in the list already; the other filters apply to visitors as to the list.
  const rest = conditions(filter, pageFilterNames);
  return db
    .select({
      ...cardColumns,
      visita: { ciudad: v.ciudad, desde: v.desde, hasta: v.hasta },
    })
    .from(v)
    .innerJoin(ep, eq(ep.accountId, v.accountId))
    .innerJoin(accounts, eq(accounts.id, v.accountId))
    .leftJoin(ratingTotals, eq(ratingTotals.accountId, v.accountId))
    .where(
      and(
        ...place.visit,
        not(place.listedThere),
        lte(v.desde, filter.today),
        gte(v.hasta, filter.today),
        ...rest,
      ),
    )
    .orderBy(desc(ep.hasPhoto), asc(v.desde), asc(v.accountId))
    .limit(VISITORS_MAX);
}
