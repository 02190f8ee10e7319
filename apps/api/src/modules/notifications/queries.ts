import { eq } from 'drizzle-orm';
import type { NotificationKind, NotificationPrefsUpdate } from '@encanto/core/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPrefs } from '../../db/schema/index.ts';

export async function readPrefs(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.accountId, accountId))
    .limit(1);
  return row;
}

/** Creates the row with defaults on first change, then applies the named kinds. */
export async function writePrefs(db: DbOrTx, accountId: string, change: NotificationPrefsUpdate, now: Date) {
  const set = { ...change, updatedAt: now };
  const [row] = await db
    .insert(notificationPrefs)
    .values({ accountId, ...set })
    .onConflictDoUpdate({ target: notificationPrefs.accountId, set })
    .returning();
  return row!;
}

export async function prefEnabled(db: DbOrTx, accountId: string, kind: NotificationKind): Promise<boolean> {
  const row = await readPrefs(db, accountId);
  return row ? row[kind] : true;
}

/** The comuna for favourite-visit notices (decision 0170); null goes back to the account's own. */
export async function writeVisitCity(db: DbOrTx, accountId: string, ciudad: string | null, now: Date) {
  const set = { ciudadVisitas: ciudad, updatedAt: now };
  await db
    .insert(notificationPrefs)
    .values({ accountId, ...set })
    .onConflictDoUpdate({ target: notificationPrefs.accountId, set });
}
