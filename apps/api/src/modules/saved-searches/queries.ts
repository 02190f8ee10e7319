import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, savedSearchHits as hits, savedSearches as searches } from '../../db/schema/index.ts';
import { notBlockedSql } from '../blocks/service.ts';

export type SavedSearchRow = typeof searches.$inferSelect;

export async function searchesOf(db: DbOrTx, accountId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(searches)
    .where(eq(searches.accountId, accountId))
    .orderBy(asc(searches.createdAt), asc(searches.id));
}

/**
 * Inserts the search unless the account already keeps `limit`: the account's rows are locked first, so two
 * saves at once cannot both pass the count. Undefined when it is full.
 */
export async function insertSearch(
  tx: DbOrTx,
  row: {
    accountId: string;
    nombre: string;
    filtros: Record<string, string | string[]>;
    seenSeq: number;
    now: Date;
  },
  limit: number,
): Promise<SavedSearchRow | undefined> {
  // Serialises the saves of one account (its own row is the lock: the searches may be none yet).
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, row.accountId)).for('update');
  const [n] = await tx.select({ n: count() }).from(searches).where(eq(searches.accountId, row.accountId));
  if ((n?.n ?? 0) >= limit) return undefined;
  const [created] = await tx
    .insert(searches)
    .values({
      accountId: row.accountId,
      nombre: row.nombre,
      filtros: row.filtros,
      seenSeq: row.seenSeq,
      createdAt: row.now,
    })
    .returning();
  return created;
}

/** Deletes the account's own search; false when there is none with that id for it. */
export async function deleteSearch(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(searches)
    .where(and(eq(searches.id, id), eq(searches.accountId, accountId)))
    .returning({ id: searches.id });
  return rows.length > 0;
}

/** Every saved search, for the sweep, in a stable order. */
export async function allSearches(db: DbOrTx): Promise<SavedSearchRow[]> {
  return db.select().from(searches).orderBy(asc(searches.id));
}

/** Records the profiles found new (once per search and profile) and moves the search's placement mark. */
export async function recordHits(
  tx: DbOrTx,
  searchId: string,
  escortIds: string[],
  seenSeq: number,
  now: Date,
): Promise<void> {
  if (escortIds.length)
    await tx
      .insert(hits)
      .values(escortIds.map((escortId) => ({ searchId, escortId, foundAt: now })))
      .onConflictDoNothing();
  await tx.update(searches).set({ seenSeq }).where(eq(searches.id, searchId));
}

/** Searches with profiles waiting to be told whose last notice is at least a day old (`dayAgo`), or none. */
export async function dueSearchIds(db: DbOrTx, dayAgo: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: searches.id })
    .from(searches)
    .innerJoin(hits, and(eq(hits.searchId, searches.id), isNull(hits.noticedAt)))
    .where(or(isNull(searches.noticeAt), lte(searches.noticeAt, dayAgo)));
  return rows.map((r) => r.id);
}

/** Locks a due search for its notice (another instance skips it), or undefined when it is no longer due. */
export async function lockDueSearch(
  tx: DbOrTx,
  id: string,
  dayAgo: Date,
): Promise<SavedSearchRow | undefined> {
  const [row] = await tx
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), or(isNull(searches.noticeAt), lte(searches.noticeAt, dayAgo))))
    .for('update', { skipLocked: true });
  return row;
}

/**
 * Marks the waiting hits as told and returns how many the client may hear of: an escort who blocked him
 * is marked too but not counted.
 */
export async function takeWaitingHits(tx: DbOrTx, search: SavedSearchRow, now: Date): Promise<number> {
  const [n] = await tx
    .select({ n: count() })
    .from(hits)
    .where(
      and(
        eq(hits.searchId, search.id),
        isNull(hits.noticedAt),
        notBlockedSql(hits.escortId, sql`${search.accountId}::uuid` as never),
      ),
    );
  await tx
    .update(hits)
    .set({ noticedAt: now })
    .where(and(eq(hits.searchId, search.id), isNull(hits.noticedAt)));
  return n?.n ?? 0;
}

export async function markNoticed(tx: DbOrTx, id: string, now: Date): Promise<void> {
  await tx.update(searches).set({ noticeAt: now }).where(eq(searches.id, id));
}
