import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escortProfiles, media, type MediaVariant } from '../../db/schema/index.ts';

export interface GalleryRow {
  id: string;
  mediaType: 'image' | 'video';
  publicId: string;
  url: string;
  variants: MediaVariant[];
  hold: 'en_revision' | 'retirada' | null;
  /** The unmarked files while her watermark is on (decision 0178); null otherwise. */
  originalUrl: string | null;
  originalVariants: MediaVariant[] | null;
}

const rowColumns = {
  id: media.id,
  mediaType: media.mediaType,
  publicId: media.publicId,
  url: media.url,
  variants: media.variants,
  hold: media.hold,
  originalUrl: media.originalUrl,
  originalVariants: media.originalVariants,
};

/** Gallery items of one account in her chosen order (the first is the cover), then upload order. */
export function listGallery(db: DbOrTx, accountId: string): Promise<GalleryRow[]> {
  return db
    .select(rowColumns)
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'gallery')))
    .orderBy(asc(media.position), asc(media.createdAt), asc(media.id));
}

/** What anyone else sees: the gallery without held pictures (decision 0177). */
export function listPublicGallery(db: DbOrTx, accountId: string): Promise<GalleryRow[]> {
  return db
    .select(rowColumns)
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'gallery'), isNull(media.hold)))
    .orderBy(asc(media.position), asc(media.createdAt), asc(media.id));
}

/** Writes the chosen order: position i for the item with publicIds[i] (the caller checked the set). */
export async function setGalleryPositions(tx: DbOrTx, accountId: string, publicIds: string[]): Promise<void> {
  for (const [i, publicId] of publicIds.entries()) {
    await tx
      .update(media)
      .set({ position: i })
      .where(and(eq(media.accountId, accountId), eq(media.purpose, 'gallery'), eq(media.publicId, publicId)));
  }
}

export async function galleryCount(db: DbOrTx, accountId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ n: escortProfiles.galleryCount })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, accountId));
  return row?.n;
}

/**
 * Takes one gallery slot if fewer than `max` are used. A single conditional
 * UPDATE is the guard: under concurrency PostgreSQL re-checks the condition
 * against the committed row, so two uploads at max-1 leave exactly max.
 */
export async function takeGallerySlot(
  tx: DbOrTx,
  accountId: string,
  max: number,
): Promise<number | undefined> {
  const [row] = await tx
    .update(escortProfiles)
    .set({ galleryCount: sql`${escortProfiles.galleryCount} + 1` })
    .where(and(eq(escortProfiles.accountId, accountId), sql`${escortProfiles.galleryCount} < ${max}`))
    .returning({ n: escortProfiles.galleryCount });
  return row?.n;
}

export async function releaseGallerySlot(tx: DbOrTx, accountId: string): Promise<void> {
  await tx
    .update(escortProfiles)
    .set({ galleryCount: sql`greatest(${escortProfiles.galleryCount} - 1, 0)` })
    .where(eq(escortProfiles.accountId, accountId));
}

export async function insertGalleryItem(
  tx: DbOrTx,
  values: {
    accountId: string;
    mediaType: 'image' | 'video';
    publicId: string;
    url: string;
    variants: MediaVariant[];
    originalUrl: string | null;
    originalVariants: MediaVariant[] | null;
    bytes: number;
    phash: bigint | null;
  },
): Promise<GalleryRow> {
  // A new item goes last in her chosen order.
  const next = sql<number>`(select coalesce(max(${media.position}) + 1, 0) from ${media} where ${media.accountId} = ${values.accountId} and ${media.purpose} = 'gallery')`;
  const [row] = await tx
    .insert(media)
    .values({ ...values, purpose: 'gallery', position: next })
    .returning(rowColumns);
  return row!;
}

/** Deletes one gallery item of the account with that publicId and type; undefined when there is none. */
export async function deleteGalleryItem(
  tx: DbOrTx,
  accountId: string,
  publicId: string,
  mediaType: 'image' | 'video',
): Promise<GalleryRow | undefined> {
  const [row] = await tx
    .delete(media)
    .where(
      eq(
        media.id,
        sql`(select ${media.id} from ${media} where ${media.accountId} = ${accountId} and ${media.purpose} = 'gallery' and ${media.publicId} = ${publicId} and ${media.mediaType} = ${mediaType} limit 1)`,
      ),
    )
    .returning(rowColumns);
  return row;
}

/** Whether any media row (any account, any purpose) still uses the files of a publicId. */
export async function publicIdInUse(db: DbOrTx, publicId: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.publicId, publicId)).limit(1);
  return row !== undefined;
}

/** Each stored video file once (rows sharing bytes share a publicId), for the metadata backfill. */
export function listVideoFiles(db: DbOrTx): Promise<{ publicId: string; variants: MediaVariant[] }[]> {
  return db
    .selectDistinctOn([media.publicId], { publicId: media.publicId, variants: media.variants })
    .from(media)
    .where(eq(media.mediaType, 'video'))
    .orderBy(asc(media.publicId));
}

/** Points every video row that used `oldPublicId` at the rewritten file. */
export async function replaceVideoFile(
  db: DbOrTx,
  oldPublicId: string,
  file: { publicId: string; url: string; variants: MediaVariant[]; bytes: number },
): Promise<void> {
  await db
    .update(media)
    .set(file)
    .where(and(eq(media.publicId, oldPublicId), eq(media.mediaType, 'video')));
}
