import { msg } from '@encanto/core/messages';
import type { PhotoHold } from '@encanto/core/photo-holds';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { photoHoldReleasedMail } from '../../mail-templates/photo-hold-released.ts';
import { photoHoldRemovedMail } from '../../mail-templates/photo-hold-removed.ts';
import { photoLookAlikeMail } from '../../mail-templates/photo-look-alike.ts';
import { syncEscortVisibility } from '../accounts/service.ts';
import { recordDecision } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import * as q from './queries.ts';

/**
 * Two pictures this close (of 64 bits) are the same photo: the threshold of the admin's "misma_foto"
 * signal (decision 0083), so a held picture always shows there too.
 */
export const HOLD_MAX_DISTANCE = 4;

/**
 * In the upload's transaction, right after the picture's media row: if it is a near copy of a
 * picture another account published (not itself held), the new one is held ('en_revision') and the
 * earlier owner is mailed with a one-click impersonation report (decision 0177). Her own pictures
 * never count, so re-uploading one of hers is never held. Answers whether it was held.
 */
export async function holdIfCopied(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  upload: {
    accountId: string;
    mediaId: string;
    phash: bigint | null;
    detailed: boolean;
    purpose: 'profile' | 'gallery';
  },
): Promise<boolean> {
  if (upload.phash === null || !upload.detailed) return false;
  const match = await q.earliestMatchOfOthers(tx, upload.accountId, upload.phash, HOLD_MAX_DISTANCE);
  if (!match) return false;
  const token = randomToken();
  await q.setMediaHold(tx, upload.mediaId, 'en_revision');
  await q.insertHold(tx, {
    mediaId: upload.mediaId,
    accountId: upload.accountId,
    ownerId: match.ownerId,
    ownerMediaId: match.mediaId,
    purpose: upload.purpose,
    reportTokenHash: sha256(token),
    createdAt: deps.clock.now(),
  });
  await queueMail(
    tx,
    deps,
    photoLookAlikeMail,
    { nickname: match.ownerNickname, token },
    { to: match.ownerEmail, accountId: match.ownerId },
  );
  return true;
}

/** The admin's list: pending first. */
export async function listPhotoHolds(db: DbOrTx): Promise<PhotoHold[]> {
  return (await q.listHolds(db, 200)).map(toView);
}

function toView(r: q.HoldRow): PhotoHold {
  return {
    id: r.id,
    estado: r.status,
    tipo: r.purpose,
    url: r.url,
    nickname: r.nickname,
    nickname_original: r.ownerNickname,
    url_original: r.ownerUrl,
    denunciada: r.reportedAt !== null,
    creada: r.createdAt.toISOString(),
    nota: r.nota,
  };
}

/**
 * The admin's decision on a held picture, once: 'liberar' shows it (a released profile photo becomes
 * her card's picture), 'retirar' keeps it hidden for good as 'retirada' (she sees why and can delete
 * it). One audit line either way, and the uploader is mailed in the same transaction (decision 0181):
 * released, her photo is public; removed, the admin's note and where to ask.
 */
export async function decidePhotoHold(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  admin: SessionAccount,
  id: string,
  decision: 'liberar' | 'retirar',
  nota: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const hold = await q.holdForUpdate(tx, id);
    if (!hold) throw notFound(msg.photoHoldNotFound);
    if (hold.status !== 'en_revision') throw conflict(msg.photoHoldDecided, 'PHOTO_HOLD_DECIDED');
    const release = decision === 'liberar';
    await q.decideHold(tx, id, {
      status: release ? 'liberada' : 'retirada',
      nota,
      decidedBy: admin.id,
      decidedAt: now,
    });
    if (hold.mediaId) {
      await q.setMediaHold(tx, hold.mediaId, release ? null : 'retirada');
      if (release && hold.purpose === 'profile' && hold.url) {
        await q.setAccountUrl(tx, hold.accountId, hold.url, now);
        await syncEscortVisibility(tx, hold.accountId, now);
      }
    }
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: hold.accountId,
      accountNickname: hold.nickname,
      action: release ? 'foto_liberada' : 'foto_retirada',
      reasons: `Parecida a una foto de ${hold.ownerNickname}: ${nota}`,
    });
    const to = { to: hold.email, accountId: hold.accountId };
    if (release)
      await queueMail(tx, deps, photoHoldReleasedMail, { nickname: hold.nickname, tipo: hold.purpose }, to);
    else
      await queueMail(
        tx,
        deps,
        photoHoldRemovedMail,
        { nickname: hold.nickname, tipo: hold.purpose, nota, soporte: deps.config.supportEmail },
        to,
      );
  });
}

/**
 * The earlier owner's one-click report from her mail: the token is the credential (no sign-in). The
 * hold is marked reported, which puts it first in the admin's eyes; a second click says it was
 * already received (decision 0177).
 */
export async function reportLookAlike(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<{ mensaje: string }> {
  const hold = await q.holdByToken(deps.db, sha256(token));
  if (!hold) throw notFound(msg.photoReportLinkInvalid);
  const first = await q.markReported(deps.db, hold.id, deps.clock.now());
  return { mensaje: first ? msg.photoReportSent : msg.photoReportAlready };
}
