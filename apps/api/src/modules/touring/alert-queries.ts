import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  escortProfiles,
  favorites,
  notificationPrefs,
  visitAlerts,
} from '../../db/schema/index.ts';
import { notBlockedSql } from '../blocks/service.ts';

/**
 * The clients to tell about her visit to `ciudad` (decision 0170), in one statement: they have her as a
 * favourite, their comuna for visits (their choice, else their account's) is the visit's, she has not
 * blocked them, and her card is public.
 */
export function fansIn(db: DbOrTx, escortId: string, ciudad: string) {
  return db
    .select({ id: accounts.id, email: accounts.email, kind: accounts.kind })
    .from(favorites)
    .innerJoin(accounts, eq(accounts.id, favorites.clientId))
    .innerJoin(escortProfiles, eq(escortProfiles.accountId, favorites.escortId))
    .leftJoin(notificationPrefs, eq(notificationPrefs.accountId, favorites.clientId))
    .where(
      and(
        eq(favorites.escortId, escortId),
        eq(escortProfiles.public, true),
        sql`coalesce(${notificationPrefs.ciudadVisitas}, ${accounts.ciudad}) = ${ciudad}`,
        notBlockedSql(favorites.escortId, favorites.clientId),
      ),
    );
}

/** Records the notice for this client and visit; false when it was already sent (never twice). */
export async function claimVisitAlert(
  db: DbOrTx,
  row: { escortId: string; clientId: string; cityKey: string; desde: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(visitAlerts)
    .values({
      escortId: row.escortId,
      clientId: row.clientId,
      cityKey: row.cityKey,
      desde: row.desde,
      sentAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ clientId: visitAlerts.clientId });
  return inserted.length > 0;
}
