import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles, favorites } from '../../db/schema/index.ts';

/** Whether a row was added (false when it was already a favourite). */
export async function addFavorite(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const rows = await db
    .insert(favorites)
    .values({ clientId, escortId })
    .onConflictDoNothing()
    .returning({ escortId: favorites.escortId });
  return rows.length > 0;
}

export async function removeFavorite(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.clientId, clientId), eq(favorites.escortId, escortId)))
    .returning({ escortId: favorites.escortId });
  return rows.length > 0;
}

export async function isFavorite(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(favorites)
    .where(and(eq(favorites.clientId, clientId), eq(favorites.escortId, escortId)))
    .limit(1);
  return row !== undefined;
}

/** A client's favourites whose card is public (paused or suspended profiles drop out), newest first. */
export function listFavorites(db: DbOrTx, clientId: string) {
  return db
    .select({
      nickname: accounts.nickname,
      // The card's photo: the gallery's cover, else the profile photo (decision 0155).
      url: sql<string>`coalesce(${escortProfiles.coverUrl}, ${accounts.url})`,
      apellido: accounts.apellido,
    })
    .from(favorites)
    .innerJoin(accounts, eq(accounts.id, favorites.escortId))
    .innerJoin(escortProfiles, eq(escortProfiles.accountId, favorites.escortId))
    .where(and(eq(favorites.clientId, clientId), eq(escortProfiles.public, true)))
    .orderBy(desc(favorites.createdAt))
    .limit(500);
}
