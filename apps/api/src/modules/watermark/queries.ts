import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, media, watermarks, type MediaVariant } from '../../db/schema/index.ts';

/** Whether she marks her pictures, and the nickname the mark carries. */
export async function markState(
  db: DbOrTx,
  accountId: string,
): Promise<{ on: boolean; nickname: string } | undefined> {
  const [row] = await db
    .select({ nickname: accounts.nickname, on: watermarks.accountId })
    .from(accounts)
    .leftJoin(watermarks, eq(watermarks.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row && { nickname: row.nickname, on: row.on !== null };
}

export async function setMarking(db: DbOrTx, accountId: string, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(watermarks).values({ accountId, createdAt: now }).onConflictDoNothing();
  else await db.delete(watermarks).where(eq(watermarks.accountId, accountId));
}

export interface MarkableRow {
  id: string;
  url: string;
  variants: MediaVariant[];
  originalUrl: string | null;
  originalVariants: MediaVariant[] | null;
}

/** Her pictures that can carry the mark: profile photo and gallery images (never videos). */
export function markableImages(db: DbOrTx, accountId: string): Promise<MarkableRow[]> {
  return db
    .select({
      id: media.id,
      url: media.url,
      variants: media.variants,
      originalUrl: media.originalUrl,
      originalVariants: media.originalVariants,
    })
    .from(media)
    .where(
      and(
        eq(media.accountId, accountId),
        eq(media.mediaType, 'image'),
        inArray(media.purpose, ['profile', 'gallery']),
      ),
    );
}

/**
 * Swaps what the row serves, only if it still serves `expectedUrl` (an upload, a delete or another
 * toggle may have changed it since it was read). True when it did.
 */
export async function swapServed(
  tx: DbOrTx,
  id: string,
  expectedUrl: string,
  next: Pick<MarkableRow, 'url' | 'variants' | 'originalUrl' | 'originalVariants'>,
): Promise<boolean> {
  const rows = await tx
    .update(media)
    .set(next)
    .where(and(eq(media.id, id), eq(media.url, expectedUrl)))
    .returning({ id: media.id });
  return rows.length > 0;
}

/** Her card's picture follows its photo's swap (a held photo's account keeps the avatar: no match). */
export async function followAccountUrl(
  tx: DbOrTx,
  accountId: string,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ url: to, updatedAt: now })
    .where(and(eq(accounts.id, accountId), eq(accounts.url, from)));
}

/** Whether any media row still serves this URL (the same picture as profile photo and in the gallery). */
export async function urlServed(db: DbOrTx, url: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.url, url)).limit(1);
  return row !== undefined;
}
