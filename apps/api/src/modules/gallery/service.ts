import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { srcsetFor } from '@encanto/core/media';
import type { GalleryItem, GalleryUploadResult } from '@encanto/core/gallery';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound, tooLarge, unsupportedType } from '../../errors.ts';
import { findAccountByNickname, setPhotosVerified } from '../accounts/service.ts';
import { holdIfCopied } from '../photo-holds/service.ts';
import { deleteMarkedIfUnused, markUpload, syncMarks } from '../watermark/service.ts';
import { ingestImage, deleteImage, type StoredImage } from '../../infra/media/images.ts';
import type { MediaStore } from '../../infra/media/store.ts';
import { hasMp4Signature, ingestVideo, type StoredVideo } from '../../infra/media/video.ts';
import {
  deleteGalleryItem,
  galleryCount,
  insertGalleryItem,
  listGallery,
  listPublicGallery,
  publicIdInUse,
  releaseGallerySlot,
  setGalleryPositions,
  takeGallerySlot,
  type GalleryRow,
} from './queries.ts';

export const galleryLimitError = () => new AppError(409, 'GALLERY_LIMIT', msg.galleryLimit);

export function toItem(row: GalleryRow): GalleryItem {
  const isVideo = row.mediaType === 'video';
  const main = isVideo
    ? row.variants[0]
    : (row.variants.find((v) => row.url.endsWith(v.key)) ?? row.variants[0]);
  return {
    id: row.id,
    url_imagen: row.url,
    publicId: row.publicId,
    tipo: isVideo ? 'video' : 'imagen',
    srcset: isVideo ? '' : srcsetFor(row.url),
    width: main?.width ?? 0,
    height: main?.height ?? 0,
    ...(row.hold ? { revision: row.hold } : {}),
  };
}

export async function ownGallery(db: DbOrTx, accountId: string): Promise<GalleryItem[]> {
  return (await listGallery(db, accountId)).map(toItem);
}

/** The public gallery: only escorts whose card is public (approved, not paused, not suspended). */
export async function publicGallery(db: DbOrTx, nickname: string): Promise<GalleryItem[]> {
  const escort = await findAccountByNickname(db, nickname, 'escort');
  if (!escort?.profile?.public) throw notFound();
  return (await listPublicGallery(db, escort.id)).map(toItem);
}

/** Cheap refusal before the bytes are read or decoded; the authoritative check is takeGallerySlot. */
export async function assertGalleryRoom(db: DbOrTx, accountId: string): Promise<void> {
  const n = await galleryCount(db, accountId);
  if (n === undefined) throw notFound();
  if (n >= limits.galleryMaxItems) throw galleryLimitError();
}

/**
 * Decides the type by the bytes (mp4 by its boxes, anything else must decode
 * as an image), stores the files, then takes a slot and records the item in
 * one transaction. Files written for an upload that loses the race for the
 * last slot are removed again unless another item shares them.
 */
export async function addGalleryItem(
  deps: Pick<Deps, 'db' | 'media' | 'config' | 'clock' | 'log'>,
  accountId: string,
  bytes: Buffer,
): Promise<GalleryUploadResult> {
  if (bytes.length === 0) throw unsupportedType(msg.galleryTypeByBytes);
  const { db, media: store } = deps;
  let stored: StoredVideo | StoredImage;
  let mediaType: 'image' | 'video';
  try {
    // A few seconds of phone video weigh megabytes: videos get their own, larger limit.
    if (hasMp4Signature(bytes)) {
      stored = await ingestVideo(store, bytes, { maxBytes: limits.galleryVideoMaxBytes });
      mediaType = 'video';
    } else {
      if (bytes.length > limits.galleryMaxBytes) throw tooLarge(msg.galleryTooLarge);
      stored = await ingestImage(store, bytes, { maxBytes: limits.galleryMaxBytes });
      mediaType = 'image';
    }
  } catch (err) {
    // The generic refusal names what the gallery accepts; a video-specific one is kept as it is.
    if (err instanceof AppError && err.status === 415 && err.mensaje === msg.unsupportedType)
      throw unsupportedType(msg.galleryTypeByBytes);
    throw err;
  }
  // While her watermark is on, the picture is stored marked before anyone sees it (decision 0178).
  const served =
    mediaType === 'image'
      ? await markUpload(deps, accountId, stored)
      : { url: stored.url, variants: stored.variants, originalUrl: null, originalVariants: null };
  const files = { publicId: stored.publicId, ...served };
  let result: { row: GalleryRow; total: number };
  try {
    result = await db.transaction(async (tx) => {
      const total = await takeGallerySlot(tx, accountId, limits.galleryMaxItems);
      if (total === undefined) throw galleryLimitError();
      const row = await insertGalleryItem(tx, {
        accountId,
        mediaType,
        ...files,
        bytes: stored.bytes,
        phash: 'phash' in stored ? stored.phash : null,
      });
      // A new picture nobody compared with a selfie: the badge goes until she verifies again.
      if (mediaType === 'image') await setPhotosVerified(tx, accountId, false);
      // A near copy of another account's picture is held before anyone sees it (decision 0177).
      const image = 'phash' in stored ? stored : null;
      const upload = { accountId, mediaId: row.id, purpose: 'gallery' as const };
      if (
        image &&
        (await holdIfCopied(tx, deps, { ...upload, phash: image.phash, detailed: image.detailed }))
      )
        row.hold = 'en_revision';
      return { row, total };
    });
  } catch (err) {
    await deleteImageIfUnused(db, store, files);
    throw err;
  }
  // A toggle of her watermark while this upload ran: the new picture follows her choice now.
  if (mediaType === 'image') await syncMarks(deps, accountId);
  const item = toItem(result.row);
  return {
    ...item,
    fileUrl: item.url_imagen,
    total: result.total,
    mensaje: result.row.hold ? msg.photoHeldUploaded : msg.imageUploaded,
  };
}

/** A media row's files: what it serves and, while it is watermarked, its originals (decision 0178). */
export interface MediaFiles {
  publicId: string;
  url: string;
  variants: MediaVariant[];
  originalVariants?: MediaVariant[] | null;
}

/**
 * Stored names are content hashes, so the same bytes uploaded twice (two
 * accounts, or a profile photo also in a gallery) share their files. The
 * originals are deleted only when no media row points at that publicId any
 * more; a watermarked row's marked copies when no row serves their URL.
 */
export async function deleteImageIfUnused(
  db: DbOrTx,
  store: MediaStore,
  files: MediaFiles,
): Promise<boolean> {
  if (files.originalVariants) await deleteMarkedIfUnused(db, store, files);
  if (await publicIdInUse(db, files.publicId)) return false;
  await deleteImage(store, files.originalVariants ?? files.variants);
  return true;
}

/** Deletes one item and, once nothing else uses them, its stored files and every variant. */
export async function removeGalleryItem(
  deps: Pick<Deps, 'db' | 'media'>,
  accountId: string,
  publicId: string,
  mediaType: 'image' | 'video',
): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const deleted = await deleteGalleryItem(tx, accountId, publicId, mediaType);
    if (!deleted) return undefined;
    await releaseGallerySlot(tx, accountId);
    return deleted;
  });
  if (!row) throw notFound(msg.galleryItemNotFound);
  // Same bytes uploaded twice (or used as a profile photo) share one content-hash name.
  await deleteImageIfUnused(deps.db, deps.media, row);
}

/**
 * Her chosen order (PUT upload/orden): `orden` must name each of her items
 * exactly once; the first one is the cover, shown first on the card and in
 * the lightbox.
 */
export async function reorderGallery(db: DbOrTx, accountId: string, orden: string[]): Promise<GalleryItem[]> {
  return db.transaction(async (tx) => {
    const current = await listGallery(tx, accountId);
    const mine = new Set(current.map((r) => r.publicId));
    const named = new Set(orden);
    if (named.size !== orden.length || named.size !== mine.size || orden.some((id) => !mine.has(id)))
      throw badRequest(msg.galleryOrderMismatch, undefined, 'ORDER_MISMATCH');
    await setGalleryPositions(tx, accountId, orden);
    return (await listGallery(tx, accountId)).map(toItem);
  });
}
