import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles as ep, ratingTotals } from '../../db/schema/index.ts';
import { cardColumns } from './search-queries.ts';

/** How many of the newest public profiles of her comuna, and of the rest of her region, are weighed. */
export const SIMILAR_CANDIDATES = 200;

/**
 * The profiles most like one (decision 0165), best first: her comuna before the rest of her region,
 * available before inactive, her gender before others, then the nearest in age with the most
 * services in common. Only public
 * profiles with a photo (never pending, paused, suspended or on hold). The candidates are the newest
 * `SIMILAR_CANDIDATES` of each place, read backwards from the escort_search_{city,region}_recientes
 * indexes, so the work is bounded at any size; the ranking is among them.
 */
export async function similarIds(db: DbOrTx, accountId: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    with me as (
      select account_id, city_key, region_key, genero, fecha_nac, servicios from ${ep} where account_id = ${accountId}
    ), candidates as (
      (select e.account_id, 0 as place from ${ep} e, me
        where e.public and e.city_key = me.city_key and e.account_id <> me.account_id
        order by e.has_photo desc, e.created_at desc, e.account_id desc limit ${SIMILAR_CANDIDATES})
      union all
      (select e.account_id, 1 as place from ${ep} e, me
        where e.public and me.region_key <> '' and e.region_key = me.region_key and e.city_key <> me.city_key
        order by e.has_photo desc, e.created_at desc, e.account_id desc limit ${SIMILAR_CANDIDATES})
    )
    select e.account_id as id from candidates c
      join ${ep} e on e.account_id = c.account_id, me
    where e.has_photo
    order by c.place,
      (e.estado = 'disponible') desc,
      (e.genero = me.genero) desc,
      abs(coalesce(e.fecha_nac - me.fecha_nac, 0)) / 365
        - 2 * cardinality(array(select unnest(e.servicios) intersect select unnest(me.servicios))),
      e.created_at desc, e.account_id
    limit ${limit}`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The listing cards' rows of these profiles, in no particular order. */
export function similarCardRows(db: DbOrTx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ ...cardColumns, id: ep.accountId })
    .from(ep)
    .innerJoin(accounts, eq(accounts.id, ep.accountId))
    .leftJoin(ratingTotals, eq(ratingTotals.accountId, ep.accountId))
    .where(inArray(ep.accountId, ids));
}
