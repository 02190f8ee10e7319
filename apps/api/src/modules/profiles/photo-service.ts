import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  defaultAvatarFor,
  isDefaultAvatar,
  type ProfileImage,
  type UploadResult,
} from '@encanto/core/profiles';
import { media, type MediaVariant } from '../../db/schema/media.ts';
import { conflict, notFound } from '../../errors.ts';
import { ingestImage } from '../media/images.ts';
import { deleteImageIfUnused } from '../media/references.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { findAccount, findProfilePhoto, lockAccount, updateAccount } from './queries.ts';

export async function getProfileImage(app: FastifyInstance, caller: SessionAccount): Promise<ProfileImage> {
  const account = await findAccount(app.db, caller.id);
  if (!account) throw notFound(msg.imageFetchError);
  const photo = await findProfilePhoto(app.db, caller.id);
  if (photo && photo.url === account.url)
    return { imageUrl: account.url, publicId: photo.publicId, origen: 'archivo' };
  return {
    imageUrl: account.url,
    publicId: photo?.publicId ?? null,
    origen: isDefaultAvatar(account.url) || !account.url ? 'predeterminada' : 'url',
  };
}

/**
 * A new profile photo: bytes checked and re-encoded without metadata, a media
 * row, and the account's url, all or nothing. A stored photo must be deleted
 * first (409), as the spec's screens require.
 */
export async function uploadProfilePhoto(
  app: FastifyInstance,
  caller: SessionAccount,
  bytes: Buffer,
): Promise<UploadResult> {
  // Cheap early refusal before decoding; the transaction below re-checks under a row lock.
  if (await findProfilePhoto(app.db, caller.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  const stored = await ingestImage(app.services.media, bytes, { maxBytes: limits.profilePhotoMaxBytes });
  try {
    await app.db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      if (await findProfilePhoto(tx, caller.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
      await tx.insert(media).values({
        accountId: caller.id,
        purpose: 'profile',
        mediaType: 'image',
        publicId: stored.publicId,
        url: stored.url,
        variants: stored.variants,
        bytes: stored.bytes,
      });
      await updateAccount(tx, caller.id, { url: stored.url });
    });
  } catch (err) {
    await deleteImageIfUnused(app.db, app.services.media, stored.publicId, stored.variants);
    throw err;
  }
  if (caller.kind === 'escort') app.services.publicCache.clear();
  return { fileUrl: stored.url, publicId: stored.publicId, mensaje: msg.imageUploaded };
}

/** Deletes the stored profile photo named by publicId: every variant, and the url back to the gender's avatar. */
export async function deleteProfilePhoto(
  app: FastifyInstance,
  caller: SessionAccount,
  publicId: string,
): Promise<void> {
  const removed = await app.db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const [row] = await tx
      .select({ id: media.id, variants: media.variants })
      .from(media)
      .where(and(eq(media.accountId, caller.id), eq(media.purpose, 'profile'), eq(media.publicId, publicId)))
      .limit(1);
    if (!row) throw notFound(msg.nicknameOrPublicIdMissing);
    const account = await findAccount(tx, caller.id);
    await tx.delete(media).where(eq(media.id, row.id));
    await updateAccount(tx, caller.id, { url: defaultAvatarFor(account?.genero ?? '') });
    return row.variants;
  });
  await removeFiles(app, publicId, removed);
  if (caller.kind === 'escort') app.services.publicCache.clear();
}

/**
 * DELETE eliminar-imagen-registro/{nickname}: removes whatever the profile image
 * is (a stored photo or an external url) and restores the default avatar.
 */
export async function clearProfileImage(app: FastifyInstance, caller: SessionAccount): Promise<void> {
  const photo = await findProfilePhoto(app.db, caller.id);
  if (photo) return deleteProfilePhoto(app, caller, photo.publicId);
  await app.db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const account = await findAccount(tx, caller.id);
    if (!account || !account.url || isDefaultAvatar(account.url)) throw notFound(msg.nicknameOrUrlMissing);
    await updateAccount(tx, caller.id, { url: defaultAvatarFor(account.genero) });
  });
  if (caller.kind === 'escort') app.services.publicCache.clear();
}

async function removeFiles(app: FastifyInstance, publicId: string, variants: MediaVariant[]): Promise<void> {
  try {
    await deleteImageIfUnused(app.db, app.services.media, publicId, variants);
  } catch (err) {
    // The row is gone and the photo no longer shown; leftover bytes are logged for cleanup, not a user error.
    app.log.error({ err, publicId }, 'profile photo files not deleted');
  }
}
