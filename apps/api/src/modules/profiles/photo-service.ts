import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { defaultAvatarFor, type ProfileImage, type UploadResult } from '@encanto/core/profiles';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound, tooLarge, unsupportedType } from '../../errors.ts';
import { ingestImage, type StoredImage } from '../../infra/media/images.ts';
import { setPhotosVerified, syncEscortVisibility } from '../accounts/service.ts';
import { holdIfCopied } from '../photo-holds/service.ts';
import { deleteImageIfUnused, type MediaFiles } from '../gallery/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { markUpload, syncMarks, type ServedFiles } from '../watermark/service.ts';
import {
  deleteMediaRow,
  findAccount,
  findProfilePhoto,
  findProfilePhotoNamed,
  insertProfilePhoto,
  lockAccount,
  takeProfilePhoto,
  updateAccount,
} from './queries.ts';

export async function getProfileImage(db: DbOrTx, caller: SessionAccount): Promise<ProfileImage> {
  const account = await findAccount(db, caller.id);
  if (!account) throw notFound(msg.imageFetchError);
  // Every picture but the default avatar is a stored photo: links are downloaded and stored too.
  const photo = await findProfilePhoto(db, caller.id);
  // A held photo is not her card's picture yet (decision 0177): she sees it, marked, and why.
  if (photo?.hold)
    return {
      imageUrl: photo.url,
      publicId: photo.publicId,
      origen: 'archivo',
      revision: photo.hold,
      motivo_revision: photo.hold === 'en_revision' ? msg.photoHeldWhy : msg.photoHoldRemovedWhy,
    };
  return photo
    ? { imageUrl: account.url, publicId: photo.publicId, origen: 'archivo' }
    : { imageUrl: account.url, publicId: null, origen: 'predeterminada' };
}

/** A stored photo and what its row serves: marked copies while her watermark is on (decision 0178). */
export type ServedImage = StoredImage & ServedFiles;

/** Before the transaction: marks the new photo if she marks hers, so it is never served unmarked. */
export async function servedImage(
  deps: Pick<Deps, 'db' | 'media' | 'config' | 'clock' | 'log'>,
  accountId: string,
  stored: StoredImage,
): Promise<ServedImage> {
  return { ...stored, ...(await markUpload(deps, accountId, stored)) };
}

/**
 * Inside the caller's transaction (account locked): the one profile photo (409 if one exists), its
 * media row and the url. An escort's photo that nearly copies another account's is held (decision
 * 0177): her card keeps the gender's avatar until an admin releases it. Answers whether it was held.
 */
export async function attachProfilePhoto(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  accountId: string,
  stored: ServedImage,
): Promise<boolean> {
  const now = deps.clock.now();
  if (await findProfilePhoto(tx, accountId)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  const mediaId = await insertProfilePhoto(tx, accountId, stored);
  const account = await findAccount(tx, accountId);
  const held =
    account?.kind === 'escort' &&
    (await holdIfCopied(tx, deps, {
      accountId,
      mediaId,
      phash: stored.phash,
      detailed: stored.detailed,
      purpose: 'profile',
    }));
  await updateAccount(tx, accountId, { url: held ? defaultAvatarFor(account.genero) : stored.url }, now);
  // A photo of her own completes the profile: she is listed from now on (decision 0153).
  await syncEscortVisibility(tx, accountId, now);
  // A new photo nobody compared with a selfie: the badge goes until she verifies again.
  await setPhotosVerified(tx, accountId, false);
  return held;
}

/**
 * A new profile photo: bytes checked and re-encoded without metadata, a media
 * row, and the account's url, all or nothing. A stored photo must be deleted
 * first (409), as the spec's screens require.
 */
export async function uploadProfilePhoto(
  deps: Pick<Deps, 'db' | 'media' | 'clock' | 'config' | 'log'>,
  caller: SessionAccount,
  bytes: Buffer,
): Promise<UploadResult> {
  const { db } = deps;
  // Cheap early refusal before decoding; the transaction below re-checks under a row lock.
  if (await findProfilePhoto(db, caller.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  const stored = await servedImage(
    deps,
    caller.id,
    await ingestImage(deps.media, bytes, { maxBytes: limits.profilePhotoMaxBytes }),
  );
  let held: boolean;
  try {
    held = await db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      return attachProfilePhoto(tx, deps, caller.id, stored);
    });
  } catch (err) {
    await deleteImageIfUnused(db, deps.media, stored);
    throw err;
  }
  await syncMarks(deps, caller.id);
  return {
    fileUrl: stored.url,
    publicId: stored.publicId,
    mensaje: held ? msg.photoHeldUploaded : msg.imageUploaded,
    ...(held ? { revision: 'en_revision' as const } : {}),
  };
}

/**
 * Replaces the profile photo in one step, so the card is never without one:
 * the new image is checked and stored first, then one transaction points the
 * profile at it and drops the old row, and only after the commit are the old
 * files deleted. With no photo yet it is a plain upload.
 */
export async function replaceProfilePhoto(
  deps: Pick<Deps, 'db' | 'media' | 'log' | 'clock' | 'config'>,
  caller: SessionAccount,
  bytes: Buffer,
): Promise<UploadResult> {
  const { db } = deps;
  const stored = await servedImage(
    deps,
    caller.id,
    await ingestImage(deps.media, bytes, { maxBytes: limits.profilePhotoMaxBytes }),
  );
  let old: MediaFiles | null;
  let held = false;
  try {
    old = await db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      const previous = await takeProfilePhoto(tx, caller.id);
      held = await attachProfilePhoto(tx, deps, caller.id, stored);
      return previous ?? null;
    });
  } catch (err) {
    await deleteImageIfUnused(db, deps.media, stored);
    throw err;
  }
  // The same picture uploaded again keeps its (content-named) files: deleteImageIfUnused sees the new row.
  if (old) await removeFiles(deps, old);
  await syncMarks(deps, caller.id);
  return {
    fileUrl: stored.url,
    publicId: stored.publicId,
    mensaje: held ? msg.photoHeldUploaded : old ? msg.imageReplaced : msg.imageUploaded,
    ...(held ? { revision: 'en_revision' as const } : {}),
  };
}

/**
 * A photo given as a link: downloaded once from a public address
 * (infra/media/remote-image.ts), then checked, stripped of metadata and re-encoded
 * exactly like an upload, so the profile points at our own media and no
 * visitor's browser ever contacts the other host.
 */
export async function importImageFromUrl(
  deps: Pick<Deps, 'media' | 'remoteImages'>,
  url: string,
): Promise<StoredImage> {
  const bytes = await deps.remoteImages.fetch(url);
  try {
    return await ingestImage(deps.media, bytes, { maxBytes: limits.profilePhotoMaxBytes });
  } catch (err) {
    // The upload's words speak of "the file"; here the person gave a link.
    const status = (err as { status?: number }).status;
    if (status === 415) throw unsupportedType(msg.imageUrlNotImage);
    if (status === 413) throw tooLarge(msg.imageUrlTooLarge);
    throw err;
  }
}

/** Deletes the stored profile photo named by publicId: every variant, and the url back to the gender's avatar. */
export async function deleteProfilePhoto(
  deps: Pick<Deps, 'db' | 'media' | 'log' | 'clock'>,
  caller: SessionAccount,
  publicId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const row = await findProfilePhotoNamed(tx, caller.id, publicId);
    if (!row) throw notFound(msg.nicknameOrPublicIdMissing);
    const account = await findAccount(tx, caller.id);
    await deleteMediaRow(tx, row.id);
    await updateAccount(tx, caller.id, { url: defaultAvatarFor(account?.genero ?? '') }, deps.clock.now());
    // Back to the avatar: out of the listings until she has a photo again (decision 0153).
    await syncEscortVisibility(tx, caller.id, deps.clock.now());
    return row;
  });
  await removeFiles(deps, removed);
}

/**
 * DELETE eliminar-imagen-registro/{nickname}: removes the profile picture,
 * whichever way it came (upload or link), and restores the default avatar.
 */
export async function clearProfileImage(
  deps: Pick<Deps, 'db' | 'media' | 'log' | 'clock'>,
  caller: SessionAccount,
): Promise<void> {
  const photo = await findProfilePhoto(deps.db, caller.id);
  if (!photo) throw notFound(msg.nicknameOrUrlMissing);
  return deleteProfilePhoto(deps, caller, photo.publicId);
}

async function removeFiles(deps: Pick<Deps, 'db' | 'media' | 'log'>, files: MediaFiles): Promise<void> {
  try {
    await deleteImageIfUnused(deps.db, deps.media, files);
  } catch (err) {
    // The row is gone and the photo no longer shown; leftover bytes are logged for cleanup, not a user error.
    deps.log.error({ err, publicId: files.publicId }, 'profile photo files not deleted');
  }
}
