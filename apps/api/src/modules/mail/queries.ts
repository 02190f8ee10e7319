import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export async function insertMail(db: DbOrTx, row: NewOutboxRow): Promise<void> {
  await db.insert(mailOutbox).values(row);
}

/** A push notice's row (decision 0168): the same queue, `channel` 'push', for one subscription. */
export async function insertPush(
  db: DbOrTx,
  row: NewOutboxRow & { pushSubscriptionId: string },
): Promise<void> {
  await db.insert(mailOutbox).values({ ...row, channel: 'push' });
}

/**
 * Claims up to `batch` rows due at `now` for this worker: rows another instance
 * is claiming are skipped (FOR UPDATE SKIP LOCKED), and the claim pushes
 * `next_attempt_at` a lease ahead, so a worker that dies mid-send leaves its
 * rows to be retried once the lease ends instead of losing them.
 */
export async function claimDue(db: DbOrTx, now: Date, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markRetry(db: DbOrTx, id: number, retryAt: Date, error: string): Promise<void> {
  await db.update(mailOutbox).set({ nextAttemptAt: retryAt, lastError: error }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, now: Date, error: string): Promise<void> {
  await db.update(mailOutbox).set({ failedAt: now, lastError: error }).where(eq(mailOutbox.id, id));
}

/** Sent mail is kept a few days for support, then removed (it holds addresses and texts). */
export async function pruneSent(db: DbOrTx, sentBefore: Date): Promise<number> {
  const gone = await db
    .delete(mailOutbox)
    .where(lte(mailOutbox.sentAt, sentBefore))
    .returning({ id: mailOutbox.id });
  return gone.length;
}
