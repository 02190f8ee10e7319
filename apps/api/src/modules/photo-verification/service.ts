import { randomBytes, randomInt } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import {
  PHOTO_CODE_PREFIX,
  PHOTO_CODE_TTL_MS,
  SELFIE_RETENTION_DAYS,
  type AdminPhotoVerification,
  type PhotoCode,
  type PhotoVerificationState,
} from '@encanto/core/safety';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { photosVerified, setPhotosVerified } from '../accounts/service.ts';
import { recordDecision, SYSTEM_ACTOR } from '../audit/service.ts';
import { ownGallery } from '../gallery/service.ts';
import { queueMail } from '../mail/service.ts';
import { photoCheckApprovedMail } from '../../mail-templates/photo-check-approved.ts';
import { photoCheckRejectedMail } from '../../mail-templates/photo-check-rejected.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { prepareDocument } from '../../infra/documents/prepare.ts';
import { documentUrlOf } from '../validation/service.ts';
import * as q from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** No 0/O, 1/I/L: the code is read off a photo of handwriting. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const selfieUrl = (publicId: string) => `/api/usuario/verificacion-fotos/selfie/${publicId}`;

function assertApprovedEscort(caller: SessionAccount): void {
  if (caller.kind !== 'escort') throw forbidden();
  if (caller.autorizado !== 'aprobado') throw forbidden(msg.photoCheckNotApproved, 'NOT_APPROVED');
}

/**
 * The code to write on paper. While one is live it is given again, so a reload (Android reloads the page
 * when she switches to the camera) shows the code she already wrote down (decision 0146); a new code
 * replaces it only once it has expired or been spent by an upload.
 */
export async function issueCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
): Promise<PhotoCode> {
  assertApprovedEscort(caller);
  const live = await liveCode(deps.db, caller.id, deps.clock.now());
  if (live) return live;
  let code = PHOTO_CODE_PREFIX;
  for (let i = 0; i < 4; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  const expiresAt = new Date(deps.clock.now().getTime() + PHOTO_CODE_TTL_MS);
  await q.upsertCode(deps.db, caller.id, code, expiresAt);
  return { codigo: code, vence: expiresAt.toISOString() };
}

/**
 * The selfie with the code on paper: checked and re-encoded like an identity
 * document, encrypted in the private document store, and queued for an admin.
 * The code is spent by the upload.
 */
export async function submitSelfie(
  deps: Pick<Deps, 'db' | 'documents' | 'clock'>,
  caller: SessionAccount,
  codigo: string | undefined,
  bytes: Buffer,
): Promise<{ id: string; mensaje: string }> {
  assertApprovedEscort(caller);
  const { db, documents } = deps;
  const live = await q.findCode(db, caller.id);
  const typed = (codigo ?? '').trim().toUpperCase();
  if (!live || live.code !== typed || live.expiresAt <= deps.clock.now())
    throw badRequest(msg.photoCheckCodeMissing);
  if (await q.hasPending(db, caller.id)) throw conflict(msg.photoCheckPending, 'PHOTO_CHECK_PENDING');
  const prepared = await prepareDocument(bytes);
  const storageKey = await documents.put(prepared.data);
  try {
    const id = await db.transaction(async (tx) => {
      const id = await q.insertVerification(tx, {
        accountId: caller.id,
        code: live.code,
        storageKey,
        publicId: randomBytes(16).toString('hex'),
      });
      await q.deleteCode(tx, caller.id);
      return id;
    });
    return { id, mensaje: msg.photoCheckSent };
  } catch (err) {
    await documents.delete(storageKey);
    if (isUniqueViolation(err)) throw conflict(msg.photoCheckPending, 'PHOTO_CHECK_PENDING');
    throw err;
  }
}

/** The unexpired, unspent code of the account, or null. */
async function liveCode(db: DbOrTx, accountId: string, now: Date): Promise<PhotoCode | null> {
  const row = await q.findCode(db, accountId);
  return row && row.expiresAt > now ? { codigo: row.code, vence: row.expiresAt.toISOString() } : null;
}

export async function ownState(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
): Promise<PhotoVerificationState> {
  if (caller.kind !== 'escort') throw forbidden();
  const { db } = deps;
  const last = await q.latestOf(db, caller.id);
  return {
    fotos_verificadas: await photosVerified(db, caller.id),
    // The page shows this code again after a reload, until it expires (decision 0146).
    codigo: await liveCode(db, caller.id, deps.clock.now()),
    ultima: last
      ? {
          id: last.id,
          estado: last.status,
          motivo: last.motivo,
          enviada: last.createdAt.toISOString(),
          decidida: last.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The selfie bytes: its owner or an admin, never cached. 404 once the retention job deleted it. */
export async function readSelfie(
  deps: Pick<Deps, 'db' | 'documents'>,
  caller: SessionAccount,
  publicId: string,
): Promise<Buffer> {
  const row = await q.findByPublicId(deps.db, publicId);
  if (!row) throw notFound();
  if (caller.kind !== 'admin' && caller.id !== row.accountId) throw forbidden();
  const bytes = row.storageKey ? await deps.documents.get(row.storageKey) : null;
  if (!bytes) throw notFound();
  return bytes;
}

/** The admin's queue: each selfie beside what it is compared with (profile photo, gallery, identity document). */
export async function pendingVerifications(db: DbOrTx): Promise<AdminPhotoVerification[]> {
  const rows = await q.listPending(db);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      nickname: r.nickname,
      codigo: r.code,
      enviada: r.createdAt.toISOString(),
      selfie_url: selfieUrl(r.publicId),
      foto_perfil: r.url,
      galeria: (await ownGallery(db, r.accountId))
        .filter((g) => g.tipo === 'imagen')
        .map((g) => g.url_imagen),
      documento_url: await documentUrlOf(db, r.accountId),
    })),
  );
}

type DecideDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

/** Approve or reject, with the badge, the audit entry and her mail in one transaction. */
async function decideVerification(
  deps: DecideDeps,
  admin: SessionAccount,
  id: string,
  motivo: string | null,
): Promise<void> {
  const approved = motivo === null;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await q.lockPending(tx, id);
    if (!row) throw notFound(msg.photoCheckNotFound);
    if (row.status !== 'pendiente') throw conflict(msg.photoCheckDecided, 'ALREADY_DECIDED');
    await q.decide(tx, id, {
      status: approved ? 'aprobada' : 'rechazada',
      motivo,
      decidedBy: admin.id,
      decidedAt: now,
    });
    // A rejection also removes an older badge: the selfie did not match the photos she shows now.
    await setPhotosVerified(tx, row.accountId, approved);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: row.accountId,
      accountNickname: row.nickname,
      action: approved ? 'fotos_verificadas' : 'verificacion_fotos_rechazada',
      reasons: motivo,
    });
    const to = { to: row.email, accountId: row.accountId };
    if (approved) await queueMail(tx, deps, photoCheckApprovedMail, { nickname: row.nickname }, to);
    else
      await queueMail(tx, deps, photoCheckRejectedMail, { nickname: row.nickname, motivo: motivo ?? '' }, to);
  });
}

export const approveVerification = (deps: DecideDeps, admin: SessionAccount, id: string) =>
  decideVerification(deps, admin, id, null);
export const rejectVerification = (deps: DecideDeps, admin: SessionAccount, id: string, motivo: string) =>
  decideVerification(deps, admin, id, motivo);

/** Selfie files of an account, read in the deletion's transaction (the rows go with the account). */
export const selfieKeysOf = (tx: DbOrTx, accountId: string) => q.storageKeysOf(tx, accountId);

/** Deletes selfies SELFIE_RETENTION_DAYS after their decision; the row (and its audit trail) stays. */
export async function purgeDecidedSelfies(deps: Pick<Deps, 'db' | 'documents'>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SELFIE_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = await q.decidedBefore(deps.db, cutoff);
    let progressed = false;
    for (const row of batch) {
      const key = row.storageKey!;
      const cleared = await deps.db.transaction(async (tx) => {
        if (!(await q.clearStorageKey(tx, row.id, key))) return false;
        await recordDecision(tx, {
          adminId: null,
          adminNickname: SYSTEM_ACTOR,
          accountId: row.accountId,
          accountNickname: row.nickname,
          action: 'selfie_eliminada_por_plazo',
          reasons: `${SELFIE_RETENTION_DAYS} días después de la decisión`,
        });
        return true;
      });
      if (cleared) {
        await deps.documents.delete(key);
        deleted += 1;
        progressed = true;
      }
    }
    if (batch.length === 0 || !progressed) return deleted;
  }
}
