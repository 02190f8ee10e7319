import { and, asc, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles as ep, escortVisits as v, ratingTotals } from '../../db/schema/index.ts';
import { cardColumns, conditions, type SearchFilter } from './search-queries.ts';

/**
 * Touring: escorts visiting the listed place today. A separate small query beside the
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

/**
 * Public profiles (same visibility and filters as the search) with a visit to the filter's place
 * that includes `today`, as card rows with the visit; none when the filter names no place.
 */
export async function visitorRows(db: DbOrTx, filter: SearchFilter, today: string) {
  const place = placeOf(filter);
  if (!place || filter.cityKey === '') return [];
  const rest = conditions({ ...filter, cityKey: undefined, regionKey: undefined, zona: undefined });
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
      and(...place.flatMap((p) => [p.visit, p.resident]), lte(v.desde, today), gte(v.hasta, today), ...rest),
    )
    .orderBy(desc(ep.hasPhoto), asc(v.desde), asc(v.accountId))
    .limit(VISITORS_MAX);
}
