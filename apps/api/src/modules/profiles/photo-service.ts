import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { defaultAvatarFor, type ProfileImage, type UploadResult } from '@encanto/core/profiles';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound, tooLarge, unsupportedType } from '../../errors.ts';
import { ingestImage, type StoredImage } from '../../infra/media/images.ts';
import { setPhotosVerified, syncEscortVisibility } from '../accounts/service.ts';
import { deleteImageIfUnused } from '../gallery/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
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
  return photo
    ? { imageUrl: account.url, publicId: photo.publicId, origen: 'archivo' }
    : { imageUrl: account.url, publicId: null, origen: 'predeterminada' };
}

/** Inside the caller's transaction (account locked): the one profile photo (409 if one exists), its media row and the url. */
export async function attachProfilePhoto(
  tx: DbOrTx,
  accountId: string,
  stored: StoredImage,
  now: Date,
): Promise<void> {
  if (await findProfilePhoto(tx, accountId)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  await insertProfilePhoto(tx, accountId, stored);
  await updateAccount(tx, accountId, { url: stored.url }, now);
  // A photo of her own completes the profile: she is listed from now on (decision 0153).
  await syncEscortVisibility(tx, accountId, now);
  // A new photo nobody compared with a selfie: the badge goes until she verifies again.
  await setPhotosVerified(tx, accountId, false);
}

/**
 * A new profile photo: bytes checked and re-encoded without metadata, a media
 * row, and the account's url, all or nothing. A stored photo must be deleted
 * first (409), as the spec's screens require.
 */
export async function uploadProfilePhoto(
  deps: Pick<Deps, 'db' | 'media' | 'clock'>,
  caller: SessionAccount,
  bytes: Buffer,
): Promise<UploadResult> {
  const { db } = deps;
  // Cheap early refusal before decoding; the transaction below re-checks under a row lock.
  if (await findProfilePhoto(db, caller.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  const stored = await ingestImage(deps.media, bytes, { maxBytes: limits.profilePhotoMaxBytes });
  try {
    await db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      await attachProfilePhoto(tx, caller.id, stored, deps.clock.now());
    });
  } catch (err) {
    await deleteImageIfUnused(db, deps.media, stored.publicId, stored.variants);
    throw err;
  }
  return { fileUrl: stored.url, publicId: stored.publicId, mensaje: msg.imageUploaded };
}

/**
 * Replaces the profile photo in one step, so the card is never without one:
 * the new image is checked and stored first, then one transaction points the
 * profile at it and drops the old row, and only after the commit are the old
 * files deleted. With no photo yet it is a plain upload.
 */
export async function replaceProfilePhoto(
  deps: Pick<Deps, 'db' | 'media' | 'log' | 'clock'>,
  caller: SessionAccount,
  bytes: Buffer,
): Promise<UploadResult> {
  const { db } = deps;
  const stored = await ingestImage(deps.media, bytes, { maxBytes: limits.profilePhotoMaxBytes });
  let old: { publicId: string; variants: MediaVariant[] } | null;
  try {
    old = await db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      const previous = await takeProfilePhoto(tx, caller.id);
      await attachProfilePhoto(tx, caller.id, stored, deps.clock.now());
      return previous ? { publicId: previous.publicId, variants: previous.variants } : null;
    });
  } catch (err) {
    await deleteImageIfUnused(db, deps.media, stored.publicId, stored.variants);
    throw err;
  }
  // The same picture uploaded again keeps its (content-named) files: deleteImageIfUnused sees the new row.
  if (old) await removeFiles(deps, old.publicId, old.variants);
  return {
    fileUrl: stored.url,
    publicId: stored.publicId,
    mensaje: old ? msg.imageReplaced : msg.imageUploaded,
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
    return row.variants;
  });
  await removeFiles(deps, publicId, removed);
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

async function removeFiles(
  deps: Pick<Deps, 'db' | 'media' | 'log'>,
  publicId: string,
  variants: MediaVariant[],
): Promise<void> {
  try {
    await deleteImageIfUnused(deps.db, deps.media, publicId, variants);
  } catch (err) {
    // The row is gone and the photo no longer shown; leftover bytes are logged for cleanup, not a user error.
    deps.log.error({ err, publicId }, 'profile photo files not deleted');
  }
}
