import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { knownDevices, securityNotices } from '../../db/schema/index.ts';

export async function insertNotice(db: DbOrTx, values: typeof securityNotices.$inferInsert): Promise<void> {
  // Spent and expired notices are swept by whoever writes a new one: the table stays small without a job.
  await db.delete(securityNotices).where(lt(securityNotices.expiresAt, values.createdAt));
  await db.insert(securityNotices).values(values);
}

/** Takes a live, unused notice by its token's hash: marks it used and returns it, once. */
export async function takeNotice(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(securityNotices)
    .set({ usedAt: now })
    .where(
      and(
        eq(securityNotices.tokenHash, tokenHash),
        isNull(securityNotices.usedAt),
        gt(securityNotices.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function countDevices(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knownDevices)
    .where(eq(knownDevices.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** Records a browser as the account's; true when it was not known before. */
export async function rememberDevice(db: DbOrTx, accountId: string, deviceHash: string, now: Date) {
  const touched = await db
    .update(knownDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(knownDevices.accountId, accountId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ accountId: knownDevices.accountId });
  if (touched.length > 0) return false;
  const inserted = await db
    .insert(knownDevices)
    .values({ accountId, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ accountId: knownDevices.accountId });
  return inserted.length > 0;
}
