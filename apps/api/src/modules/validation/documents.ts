import { randomBytes } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import type { DocumentInfo, UploadResult } from '@encanto/core/validation';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { prepareDocument } from '../../infra/documents/prepare.ts';
import * as q from './queries.ts';
import { accountByNickname, type ValidationKind } from './service.ts';

/** URL of the authenticated endpoint that serves a document's bytes. */
export const documentUrl = (publicId: string) => `/api/upload/documento/${publicId}`;

/** Owners see their own document only while it is under review; admins always. */
function assertMayReadDocument(caller: SessionAccount, account: { id: string; autorizado: string }): void {
  if (caller.kind === 'admin') return;
  if (caller.id !== account.id) throw forbidden();
  if (account.autorizado !== 'pendiente') throw forbidden(msg.accountValidated);
}

export async function uploadDocument(
  deps: Pick<Deps, 'db' | 'documents' | 'clock'>,
  caller: SessionAccount,
  kind: ValidationKind,
  nickname: string,
  bytes: Buffer,
): Promise<UploadResult> {
  const { db, documents } = deps;
  const account = await accountByNickname(db, kind, nickname);
  if (account.id !== caller.id) throw forbidden();
  if (account.autorizado === 'aprobado') throw conflict(msg.accountValidated, 'ALREADY_APPROVED');
  // Cheap check first so a second upload does not pay for decoding; the primary key is the real guard.
  if (await q.findDocumentByAccount(db, account.id)) throw conflict(msg.deleteImageFirst, 'DOCUMENT_EXISTS');
  const prepared = await prepareDocument(bytes);
  const storageKey = await documents.put(prepared.data);
  // Random, unguessable id: a content hash would let anyone holding a copy confirm whose document it is.
  const publicId = randomBytes(16).toString('hex');
  try {
    await db.transaction(async (tx) => {
      await q.insertDocument(tx, {
        accountId: account.id,
        storageKey,
        publicId,
        width: prepared.width,
        height: prepared.height,
        phash: prepared.phash,
      });
      // A new document answers the rejection, so its notice is cleared (spec: after upload the message is cleared).
      await q.setMotivo(tx, account.id, null, deps.clock.now());
    });
  } catch (err) {
    await documents.delete(storageKey);
    if (isUniqueViolation(err)) throw conflict(msg.deleteImageFirst, 'DOCUMENT_EXISTS');
    throw err;
  }
  return { fileUrl: documentUrl(publicId), publicId, mensaje: msg.imageUploaded };
}

export async function documentInfo(
  db: DbOrTx,
  caller: SessionAccount,
  kind: ValidationKind,
  nickname: string,
): Promise<DocumentInfo> {
  const account = await accountByNickname(db, kind, nickname);
  assertMayReadDocument(caller, account);
  const doc = await q.findDocumentByAccount(db, account.id);
  if (!doc) throw notFound();
  return { imageUrl: documentUrl(doc.publicId), publicId: doc.publicId };
}

export async function deleteDocument(
  deps: Pick<Deps, 'db' | 'documents'>,
  caller: SessionAccount,
  kind: ValidationKind,
  nickname: string,
  publicId: string,
): Promise<void> {
  const account = await accountByNickname(deps.db, kind, nickname);
  if (account.id !== caller.id) throw forbidden();
  const row = await q.deleteDocumentRow(deps.db, account.id, publicId);
  if (!row) throw notFound(msg.nicknameOrPublicIdMissing);
  await deps.documents.delete(row.storageKey);
}

export async function readDocument(
  deps: Pick<Deps, 'db' | 'documents'>,
  caller: SessionAccount,
  publicId: string,
): Promise<Buffer> {
  const doc = await q.findDocumentByPublicId(deps.db, publicId);
  if (!doc) throw notFound();
  assertMayReadDocument(caller, { id: doc.accountId, autorizado: doc.autorizado });
  const bytes = await deps.documents.get(doc.storageKey);
  if (!bytes) throw notFound();
  return bytes;
}
