import { and, eq, ne } from 'drizzle-orm';
import type { PushPrefsUpdate } from '@encanto/core/push';
import type { DbOrTx } from '../../db/client.ts';
import { pushPrefs, pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for a session: one per device (the endpoint) and one per session, so a
 * browser that subscribes again (new keys, another account signed in) replaces its old row.
 */
export async function upsertSubscription(
  db: DbOrTx,
  row: { accountId: string; sessionId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<PushSubscriptionRow> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, row.sessionId), ne(pushSubscriptions.endpoint, row.endpoint)));
  const set = {
    accountId: row.accountId,
    sessionId: row.sessionId,
    p256dh: row.p256dh,
    auth: row.auth,
    createdAt: row.now,
  };
  const [stored] = await db
    .insert(pushSubscriptions)
    .values({ ...set, endpoint: row.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set })
    .returning();
  return stored!;
}

export async function subscriptionsOf(db: DbOrTx, accountId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(pushSubscriptions.createdAt);
}

export async function subscriptionById(db: DbOrTx, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row;
}

/** Removes an account's own subscription, by id or by endpoint; false when it has none such. */
export async function deleteOwnSubscription(
  db: DbOrTx,
  accountId: string,
  which: { id: string } | { endpoint: string },
): Promise<boolean> {
  const match =
    'id' in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), match))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A push service said the subscription is gone (404/410): its queued notices go with it (cascade). */
export async function deleteSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, id));
}

export async function readPushPrefs(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(pushPrefs).where(eq(pushPrefs.accountId, accountId)).limit(1);
  return row;
}

export async function writePushPrefs(db: DbOrTx, accountId: string, change: PushPrefsUpdate, now: Date) {
  const set = { ...change, updatedAt: now };
  const [row] = await db
    .insert(pushPrefs)
    .values({ accountId, ...set })
    .onConflictDoUpdate({ target: pushPrefs.accountId, set })
    .returning();
  return row!;
}
