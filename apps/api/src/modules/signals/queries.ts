import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  escortProfiles,
  photoHolds,
  registrationMarks,
  signalDismissals,
} from '../../db/schema/index.ts';
import { phashBand, phashBands } from '../../db/schema/media.ts';

/** Raw statements answer `{ rows }` on both drivers (PGlite and node-postgres). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Pair {
  a: string;
  b: string;
  found: Date;
}

type Rows = { a: string; b: string; found: Date | string }[];
const toPairs = (rows: Rows): Pair[] => rows.map((r) => ({ a: r.a, b: r.b, found: new Date(r.found) }));

/**
 * Pictures of two different accounts whose perceptual hashes differ in at most
 * `maxDistance` bits (at most 4: the five band indexes guarantee a shared band).
 * One indexed equality join per band; the exact distance is checked after.
 */
export async function samePhotoPairs(db: DbOrTx, maxDistance: number): Promise<Pair[]> {
  const joins = phashBands.map(
    ({ n }) => sql`
      select a.account_id::text as a, b.account_id::text as b, greatest(a.created_at, b.created_at) as found
      from media a join media b
        on ${phashBand(sql`a.phash`, n)} = ${phashBand(sql`b.phash`, n)}
       and a.account_id < b.account_id
      where a.phash is not null and b.phash is not null
        and bit_count((a.phash # b.phash)::bit(64)) <= ${maxDistance}`,
  );
  const result = rowsOf<{ a: string; b: string; found: Date | string }>(
    await db.execute(
      sql`select a, b, max(found) as found from (${sql.join(joins, sql` union all `)}) p group by a, b`,
    ),
  );
  return toPairs(result);
}

/** Identity documents of two accounts with near-equal image hashes (a small table: a plain self-join). */
export async function sameDocumentImagePairs(db: DbOrTx, maxDistance: number): Promise<Pair[]> {
  const result = rowsOf<{ a: string; b: string; found: Date | string }>(
    await db.execute(sql`
    select a.account_id::text as a, b.account_id::text as b, greatest(a.created_at, b.created_at) as found
    from identity_documents a join identity_documents b on a.account_id < b.account_id
    where a.phash is not null and b.phash is not null
      and bit_count((a.phash # b.phash)::bit(64)) <= ${maxDistance}`),
  );
  return toPairs(result);
}

/** Accounts whose RUT has the same digits before the check digit (a document reused with another check digit). */
export async function sameRutDigitGroups(db: DbOrTx): Promise<{ ids: string[]; found: Date }[]> {
  const result = rowsOf<{ ids: string[]; found: Date | string }>(
    await db.execute(sql`
    select array_agg(id::text order by id) as ids, max(created_at) as found
    from accounts
    where kind <> 'admin'
    group by regexp_replace(split_part(rut_norm, '-', 1), '\\D', '', 'g')
    having count(*) > 1`),
  );
  return result.map((r) => ({ ids: r.ids, found: new Date(r.found) }));
}

/** Escort profiles sharing a phone number (its last 9 digits: +56 and spaces do not hide it). */
export async function samePhoneGroups(db: DbOrTx): Promise<{ ids: string[]; found: Date }[]> {
  const result = rowsOf<{ ids: string[]; found: Date | string }>(
    await db.execute(sql`
    select array_agg(id::text order by id) as ids, max(created_at) as found
    from accounts
    where kind = 'escort' and length(regexp_replace(fono, '\\D', '', 'g')) >= 8
    group by right(regexp_replace(fono, '\\D', '', 'g'), 9)
    having count(*) > 1`),
  );
  return result.map((r) => ({ ids: r.ids, found: new Date(r.found) }));
}

/** Registrations since `since` from marks used more than `min` times, oldest first per mark. */
export async function busyRegistrationMarks(db: DbOrTx, since: Date, min: number) {
  const busy = db
    .select({ mark: registrationMarks.mark })
    .from(registrationMarks)
    .where(gte(registrationMarks.createdAt, since))
    .groupBy(registrationMarks.mark)
    .having(sql`${count()} > ${min}`);
  return db
    .select({
      mark: registrationMarks.mark,
      accountId: registrationMarks.accountId,
      createdAt: registrationMarks.createdAt,
    })
    .from(registrationMarks)
    .where(and(gte(registrationMarks.createdAt, since), inArray(registrationMarks.mark, busy)))
    .orderBy(registrationMarks.mark, registrationMarks.createdAt);
}

export async function insertRegistrationMark(
  db: DbOrTx,
  accountId: string,
  mark: string,
  now: Date,
): Promise<void> {
  await db.insert(registrationMarks).values({ accountId, mark, createdAt: now }).onConflictDoNothing();
}

export async function deleteMarksBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(registrationMarks)
    .where(sql`${registrationMarks.createdAt} < ${cutoff}`)
    .returning({ id: registrationMarks.accountId });
  return rows.length;
}

export function accountsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: accounts.id,
      nickname: accounts.nickname,
      kind: accounts.kind,
      autorizado: accounts.autorizado,
      listed: sql<boolean>`coalesce(${escortProfiles.listed}, false)`,
    })
    .from(accounts)
    .leftJoin(escortProfiles, eq(escortProfiles.accountId, accounts.id))
    .where(inArray(accounts.id, ids));
}

export async function dismissedKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ key: signalDismissals.key }).from(signalDismissals);
  return new Set(rows.map((r) => r.key));
}

export async function insertDismissal(
  db: DbOrTx,
  values: { key: string; tipo: string; nota: string; adminId: string },
): Promise<void> {
  await db.insert(signalDismissals).values(values).onConflictDoNothing();
}

/** Held pictures of these accounts (decision 0177), oldest first, for the "misma_foto" signals. */
export function photoHoldsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: photoHolds.id, accountId: photoHolds.accountId, status: photoHolds.status })
    .from(photoHolds)
    .where(inArray(photoHolds.accountId, ids))
    .orderBy(photoHolds.createdAt);
}
