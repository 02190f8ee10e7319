import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { msg } from '@encanto/core/messages';
import type {
  AuditEntry,
  AuthorizationNotice,
  DocumentInfo,
  PendingClient,
  PendingEscort,
  UploadResult,
} from '@encanto/core/validation';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { syncEscortVisibility } from '../accounts/escort-listing.ts';
import { documentStoreFor, prepareDocument } from './document-store.ts';
import * as q from './queries.ts';
import type { AccountKind, ValidationAccount } from './queries.ts';

/** URL of the authenticated endpoint that serves a document's bytes. */
export const documentUrl = (publicId: string) => `/api/upload/documento/${publicId}`;

async function accountByNickname(
  app: FastifyInstance,
  kind: AccountKind,
  nickname: string,
): Promise<ValidationAccount> {
  const account = await q.findByNickname(app.db, kind, nickname);
  if (!account) throw notFound(msg.accountNotFound);
  return account;
}

async function accountByRut(app: FastifyInstance, kind: AccountKind, id: string): Promise<ValidationAccount> {
  const account = await q.findByRut(app.db, kind, id);
  if (!account) throw notFound(msg.accountNotFound);
  return account;
}

/** Owners see their own document only while it is under review; admins always. */
function assertMayReadDocument(caller: SessionAccount, account: { id: string; autorizado: string }): void {
  if (caller.kind === 'admin') return;
  if (caller.id !== account.id) throw forbidden();
  if (account.autorizado !== 'pendiente') throw forbidden(msg.accountValidated);
}

export async function uploadDocument(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  nickname: string,
  bytes: Buffer,
): Promise<UploadResult> {
  const account = await accountByNickname(app, kind, nickname);
  if (account.id !== caller.id) throw forbidden();
  if (account.autorizado === 'aprobado') throw conflict(msg.accountValidated, 'ALREADY_APPROVED');
  // Cheap check first so a second upload does not pay for decoding; the primary key is the real guard.
  if (await q.findDocumentByAccount(app.db, account.id))
    throw conflict(msg.deleteImageFirst, 'DOCUMENT_EXISTS');
  const prepared = await prepareDocument(bytes);
  const store = documentStoreFor(app.config);
  const storageKey = await store.put(prepared.data);
  // Random, unguessable id: a content hash would let anyone holding a copy confirm whose document it is.
  const publicId = randomBytes(16).toString('hex');
  try {
    await app.db.transaction(async (tx) => {
      await q.insertDocument(tx, {
        accountId: account.id,
        storageKey,
        publicId,
        width: prepared.width,
        height: prepared.height,
      });
      // A new document answers the rejection, so its notice is cleared (spec: after upload the message is cleared).
      await q.setMotivo(tx, account.id, null);
    });
  } catch (err) {
    await store.delete(storageKey);
    if (isUniqueViolation(err)) throw conflict(msg.deleteImageFirst, 'DOCUMENT_EXISTS');
    throw err;
  }
  return { fileUrl: documentUrl(publicId), publicId, mensaje: msg.imageUploaded };
}

export async function documentInfo(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  nickname: string,
): Promise<DocumentInfo> {
  const account = await accountByNickname(app, kind, nickname);
  assertMayReadDocument(caller, account);
  const doc = await q.findDocumentByAccount(app.db, account.id);
  if (!doc) throw notFound();
  return { imageUrl: documentUrl(doc.publicId), publicId: doc.publicId };
}

export async function deleteDocument(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  nickname: string,
  publicId: string,
): Promise<void> {
  const account = await accountByNickname(app, kind, nickname);
  if (account.id !== caller.id) throw forbidden();
  const row = await q.deleteDocumentRow(app.db, account.id, publicId);
  if (!row) throw notFound(msg.nicknameOrPublicIdMissing);
  await documentStoreFor(app.config).delete(row.storageKey);
}

/** Every document and file of an account (account deletion, retention). */
export async function removeAccountDocument(app: FastifyInstance, accountId: string): Promise<void> {
  const doc = await q.findDocumentByAccount(app.db, accountId);
  if (!doc) return;
  await q.deleteDocumentRow(app.db, accountId, doc.publicId);
  await documentStoreFor(app.config).delete(doc.storageKey);
}

export async function readDocument(
  app: FastifyInstance,
  caller: SessionAccount,
  publicId: string,
): Promise<Buffer> {
  const doc = await q.findDocumentByPublicId(app.db, publicId);
  if (!doc) throw notFound();
  assertMayReadDocument(caller, { id: doc.accountId, autorizado: doc.autorizado });
  const bytes = await documentStoreFor(app.config).get(doc.storageKey);
  if (!bytes) throw notFound();
  return bytes;
}

export async function pendingClients(app: FastifyInstance): Promise<PendingClient[]> {
  return (await q.listPending(app.db, 'client')).map((r) => ({
    rut_cliente: r.rut,
    nombre: r.nombre,
    nickname: r.nickname,
    email: r.email,
    motivo: r.motivo,
    documento: r.documento,
    creado: r.createdAt.toISOString(),
  }));
}

export async function pendingEscorts(app: FastifyInstance): Promise<PendingEscort[]> {
  return (await q.listPending(app.db, 'escort')).map((r) => ({
    rut_usuario: r.rut,
    nombre: r.nombre,
    nickname: r.nickname,
    fecha_nac: r.fechaNac,
    motivo: r.motivo,
    documento: r.documento,
    creado: r.createdAt.toISOString(),
  }));
}

export async function autorizadoOf(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  id: string,
): Promise<{ autorizado: 'pendiente' | 'aprobado' }> {
  const account = await accountByRut(app, kind, id);
  if (caller.kind !== 'admin' && caller.id !== account.id) throw forbidden();
  return { autorizado: account.autorizado };
}

/** Mail after the decision is committed: a mail failure must never undo an admin's decision. */
async function notify(
  app: FastifyInstance,
  account: ValidationAccount,
  subject: string,
  lines: string[],
): Promise<void> {
  try {
    await app.services.mailer.send({
      to: account.email,
      subject,
      text: [`Hola ${account.nickname},`, '', ...lines, '', app.config.siteName].join('\n'),
    });
  } catch (err) {
    app.log.warn({ err, accountId: account.id }, 'validation mail not sent');
  }
}

const uploadPath = (kind: AccountKind) =>
  kind === 'client' ? '/FotoParaValidarCliente' : '/FotoParaValidarUsuario';

export async function authorize(
  app: FastifyInstance,
  admin: SessionAccount,
  kind: AccountKind,
  id: string,
): Promise<void> {
  const account = await accountByRut(app, kind, id);
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  if (!(await q.findDocumentByAccount(app.db, account.id)))
    throw conflict(msg.documentMissing, 'DOCUMENT_MISSING');
  const motivo = msg.accountAuthorizedNotice;
  const approved = await app.db.transaction(async (tx) => {
    if (!(await q.approve(tx, account.id, motivo))) return false;
    if (kind === 'escort') await syncEscortVisibility(tx, account.id);
    await q.insertAudit(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: account.id,
      accountNickname: account.nickname,
      action: 'aprobado',
      reasons: motivo,
    });
    return true;
  });
  if (!approved) throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  app.services.publicCache.clear();
  await notify(app, account, `Tu cuenta en ${app.config.siteName} fue autorizada`, [
    'Un administrador revisó tu documento y autorizó tu cuenta.',
    `Motivo de aprobación: ${motivo}. Estado de autorización: aprobado`,
    '',
    `Ya puedes ingresar: ${app.config.siteUrl}${kind === 'client' ? '/Login/clienteLogin' : '/Login/EscortLogin'}`,
  ]);
}

export async function reject(
  app: FastifyInstance,
  admin: SessionAccount,
  kind: AccountKind,
  id: string,
  motivo: string,
): Promise<void> {
  const account = await accountByRut(app, kind, id);
  // Rejection keeps the account pending; an approved account is not "rejected" after the fact.
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  await app.db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo);
    await q.insertAudit(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: account.id,
      accountNickname: account.nickname,
      action: 'rechazado',
      reasons: motivo,
    });
  });
  await notify(app, account, `Tu documento en ${app.config.siteName} necesita una corrección`, [
    'Un administrador revisó tu documento y no pudo validar tu cuenta todavía.',
    `Motivo de rechazo: ${motivo}. Estado de autorización: pendiente`,
    '',
    `Puedes subir tu documento nuevamente aquí: ${app.config.siteUrl}${uploadPath(kind)}`,
  ]);
}

/** The spec's separate "notice" call: (re)sets the approval notice of an approved account. */
export async function informApproved(
  app: FastifyInstance,
  admin: SessionAccount,
  kind: AccountKind,
  id: string,
  motivo: string,
): Promise<void> {
  const account = await accountByRut(app, kind, id);
  if (account.autorizado !== 'aprobado') throw conflict(msg.accountNotApproved, 'NOT_APPROVED');
  await app.db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo);
    await q.insertAudit(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: account.id,
      accountNickname: account.nickname,
      action: 'aviso-aprobado',
      reasons: motivo,
    });
  });
  await notify(app, account, `Aviso sobre tu cuenta en ${app.config.siteName}`, [
    `Motivo de aprobación: ${motivo}. Estado de autorización: aprobado`,
  ]);
}

/** The caller's own notice: a rejection reason while pending, or the approval notice once approved. */
export async function notices(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  by: { rut: string } | { nickname: string },
  which: 'pendiente' | 'aprobado',
): Promise<AuthorizationNotice[]> {
  const account =
    'rut' in by ? await accountByRut(app, kind, by.rut) : await accountByNickname(app, kind, by.nickname);
  if (caller.id !== account.id) throw forbidden();
  if (account.autorizado !== which || !account.motivo) return [];
  return [{ nickname: account.nickname, motivo: account.motivo, autorizado: account.autorizado }];
}

export async function clearNotice(
  app: FastifyInstance,
  caller: SessionAccount,
  kind: AccountKind,
  by: { rut: string } | { nickname: string },
): Promise<void> {
  const account =
    'rut' in by ? await accountByRut(app, kind, by.rut) : await accountByNickname(app, kind, by.nickname);
  if (caller.id !== account.id) throw forbidden();
  await q.setMotivo(app.db, account.id, null);
}

const auditKind = (k: string | null): AuditEntry['tipo'] =>
  k === 'client' ? 'cliente' : k === 'escort' ? 'usuario' : null;

export async function auditEntries(
  app: FastifyInstance,
  limit: number,
  before?: number,
): Promise<AuditEntry[]> {
  return (await q.listAudit(app.db, limit, before)).map((r) => ({
    id: r.id,
    fecha: r.createdAt.toISOString(),
    admin: r.adminNickname,
    cuenta: r.accountNickname,
    tipo: auditKind(r.kind),
    accion: r.action,
    motivos: r.reasons,
  }));
}
