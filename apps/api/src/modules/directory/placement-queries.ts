import { and, gt, gte, lte, max, not, or, eq, sql } from 'drizzle-orm';
import { pageFilterNames } from '@encanto/core/search-filters';
import type { DbOrTx } from '../../db/client.ts';
import { escortProfiles as ep, escortVisits as v } from '../../db/schema/index.ts';
import { conditions, visitPlace, type SearchFilter } from './search-queries.ts';

/** How many new profiles one look at a saved search takes at most (a notice counts them, not lists them). */
export const NEW_MATCHES_MAX = 200;

/** The last placement number given (escort_profiles.placement_seq; decision 0176), 0 before any. */
export async function placementHighWater(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: max(ep.placementSeq) })
    .from(ep)
    .where(eq(ep.listed, true));
  return Number(row?.n ?? 0);
}

/**
 * Listed profiles matching the search that were placed (listed, or moved to another comuna) after
 * `after` and up to `upto`: through escort_placement_seq_idx, a short range between two looks.
 */
export async function placedBetween(
  db: DbOrTx,
  filter: SearchFilter,
  after: number,
  upto: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: ep.accountId })
    .from(ep)
    .where(and(gt(ep.placementSeq, after), lte(ep.placementSeq, upto), ...conditions(filter)))
    .limit(NEW_MATCHES_MAX);
  return rows.map((r) => r.id);
}

/**
 * Profiles visiting the search's place today (as the listing shows them) whose visit is news for a search
 * saved at `savedAt`: it starts after the day the search was saved, or was announced after it.
 */
export async function visitingSince(
  db: DbOrTx,
  filter: SearchFilter,
  savedAt: Date,
  savedDay: string,
): Promise<string[]> {
  const place = visitPlace(filter);
  if (!place) return [];
  const rows = await db
    .selectDistinct({ id: v.accountId })
    .from(v)
    .innerJoin(ep, eq(ep.accountId, v.accountId))
    .where(
      and(
        ...place.visit,
        not(place.listedThere),
        lte(v.desde, filter.today),
        gte(v.hasta, filter.today),
        or(gt(v.desde, savedDay), gt(v.createdAt, sql`${savedAt.toISOString()}::timestamptz`)),
        ...conditions(filter, pageFilterNames),
      ),
    )
    .limit(NEW_MATCHES_MAX);
  return rows.map((r) => r.id);
}
