import { eq, sql } from 'drizzle-orm';
import type { Notes } from '@encanto/core/marketplace';
import type { DbOrTx } from '../../db/client.ts';
import { ratingTotals } from '../../db/schema/index.ts';

/** Adds one rating to an account's running sums (same transaction as the rating row). */
export async function addToTotals(db: DbOrTx, accountId: string, n: Notes): Promise<void> {
  await db
    .insert(ratingTotals)
    .values({
      accountId,
      count: 1,
      sum1: n.nota1,
      sum2: n.nota2,
      sum3: n.nota3,
      sum4: n.nota4,
      sum5: n.nota5,
    })
    .onConflictDoUpdate({
      target: ratingTotals.accountId,
      set: {
        count: sql`${ratingTotals.count} + 1`,
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
