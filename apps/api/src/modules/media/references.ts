import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media, type MediaVariant } from '../../db/schema/media.ts';
import { deleteImage } from './images.ts';
import type { MediaStore } from './store.ts';

/**
 * Stored names are content hashes, so the same bytes uploaded twice (two
 * accounts, or a profile photo also in a gallery) share their files. Files are
 * deleted only when no media row points at that publicId any more.
 */
export async function deleteImageIfUnused(
  db: DbOrTx,
  store: MediaStore,
  publicId: string,
  variants: MediaVariant[],
): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.publicId, publicId)).limit(1);
  if (row) return false;
  await deleteImage(store, variants);
  return true;
}
