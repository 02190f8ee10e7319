import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Notes } from '@encanto/core/marketplace';
import type { DbOrTx } from '../../db/client.ts';
import { clientRatings, escortRatings, ratingTotals } from '../../db/schema/index.ts';
import { reviewVisible } from '../meetings/service.ts';

/** Adds ratings to an account's running sums (same transaction as the change that publishes them). */
export async function addToTotals(db: DbOrTx, accountId: string, n: Notes, count = 1): Promise<void> {
  await db
    .insert(ratingTotals)
    .values({ accountId, count, sum1: n.nota1, sum2: n.nota2, sum3: n.nota3, sum4: n.nota4, sum5: n.nota5 })
    .onConflictDoUpdate({
      target: ratingTotals.accountId,
      set: {
        count: sql`${ratingTotals.count} + excluded.count`,
        sum1: sql`${ratingTotals.sum1} + excluded.sum1`,
        sum2: sql`${ratingTotals.sum2} + excluded.sum2`,
        sum3: sql`${ratingTotals.sum3} + excluded.sum3`,
        sum4: sql`${ratingTotals.sum4} + excluded.sum4`,
        sum5: sql`${ratingTotals.sum5} + excluded.sum5`,
      },
    });
}

/** One primary-key read: averages never scan the rating rows. */
export async function readTotals(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(ratingTotals).where(eq(ratingTotals.accountId, accountId)).limit(1);
  return row;
}

export type RatingValues = typeof escortRatings.$inferInsert;

export async function insertEscortRating(db: DbOrTx, values: RatingValues): Promise<void> {
  await db.insert(escortRatings).values(values);
}

export async function insertClientRating(
  db: DbOrTx,
  values: typeof clientRatings.$inferInsert,
): Promise<void> {
  await db.insert(clientRatings).values(values);
}

/**
 * Marks the not yet counted ratings matching `where` as counted and hands back
 * their marks, grouped by the rated account. The conditional update is the
 * guard: two publishers at once (a second review and the sweep) count a rating once.
 */
async function takeUncounted(
  db: DbOrTx,
  table: typeof escortRatings | typeof clientRatings,
  where: SQL,
): Promise<Map<string, { count: number; sums: Notes }>> {
  const rated = table === escortRatings ? escortRatings.escortId : clientRatings.clientId;
  const rows = await db
    .update(table)
    .set({ counted: true })
    .where(and(eq(table.counted, false), where))
    .returning({
      accountId: rated,
      nota1: table.nota1,
      nota2: table.nota2,
      nota3: table.nota3,
      nota4: table.nota4,
      nota5: table.nota5,
    });
  const byAccount = new Map<string, { count: number; sums: Notes }>();
  for (const r of rows) {
    const t = byAccount.get(r.accountId) ?? {
      count: 0,
      sums: { nota1: 0, nota2: 0, nota3: 0, nota4: 0, nota5: 0 },
    };
    t.count += 1;
    t.sums.nota1 += r.nota1;
    t.sums.nota2 += r.nota2;
    t.sums.nota3 += r.nota3;
    t.sums.nota4 += r.nota4;
    t.sums.nota5 += r.nota5;
    byAccount.set(r.accountId, t);
  }
  return byAccount;
}

/** Publishes (adds to the sums) every uncounted rating of both tables matching `where`; returns how many. */
async function countRatings(
  db: DbOrTx,
  where: (meetingId: typeof escortRatings.meetingId | typeof clientRatings.meetingId) => SQL,
): Promise<number> {
  let total = 0;
  for (const table of [escortRatings, clientRatings] as const) {
    const byAccount = await takeUncounted(db, table, where(table.meetingId));
    for (const [accountId, t] of byAccount) {
      await addToTotals(db, accountId, t.sums, t.count);
      total += t.count;
    }
  }
  return total;
}

/** Publishes the meeting's ratings if its reviews are visible at `now` (both sides reviewed, or the window ended). */
export const countMeetingIfVisible = (db: DbOrTx, meetingId: string, now: Date) =>
  countRatings(db, (col) => and(eq(col, meetingId), reviewVisible(col, now))!);

/** Publishes every uncounted rating whose review is visible at `now` (the sweep). */
export const countAllVisible = (db: DbOrTx, now: Date) => countRatings(db, (col) => reviewVisible(col, now));
