import { ageOn, todayInChile } from '@encanto/core/age';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  rejectionMotivo,
  type AuditAction,
  type AuthorizationNotice,
  type PendingClient,
  type PendingEscort,
} from '@encanto/core/validation';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { syncEscortVisibility } from '../accounts/escort-listing.ts';
import { findAccountByNickname, type NicknameAccount } from '../accounts/service.ts';
import { recordDecision } from '../audit/service.ts';
import { enqueueMail } from '../mail/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import * as q from './queries.ts';
import type { ValidationAccount } from './queries.ts';

/** The two kinds of account that are validated by an admin. */
export type ValidationKind = 'escort' | 'client';

/** The account of that kind behind a path nickname, or the spec's 404. */
export async function accountByNickname(
  db: DbOrTx,
  kind: ValidationKind,
  nickname: string,
): Promise<NicknameAccount> {
  const account = await findAccountByNickname(db, nickname, kind);
  if (!account) throw notFound(msg.accountNotFound);
  return account;
}

async function accountByRut(db: DbOrTx, kind: ValidationKind, id: string): Promise<ValidationAccount> {
  const account = await q.findByRut(db, kind, id);
  if (!account) throw notFound(msg.accountNotFound);
  return account;
}

/** What both queues show of a pending account; the age is today's in Chile, so a minor stands out. */
function pendingFields(r: q.PendingRow, today: string) {
  return {
    nombre: r.nombre,
    nickname: r.nickname,
    fecha_nac: r.fechaNac,
    edad: ageOn(r.fechaNac, today),
    motivo: r.motivo,
    documento: r.documento,
    creado: r.createdAt.toISOString(),
  };
}

export async function pendingClients(db: DbOrTx): Promise<PendingClient[]> {
  const today = todayInChile();
  return (await q.listPending(db, 'client')).map((r) => ({
    rut_cliente: r.rut,
    email: r.email,
    ...pendingFields(r, today),
  }));
}

export async function pendingEscorts(db: DbOrTx): Promise<PendingEscort[]> {
  const today = todayInChile();
  return (await q.listPending(db, 'escort')).map((r) => ({ rut_usuario: r.rut, ...pendingFields(r, today) }));
}

export async function autorizadoOf(
  db: DbOrTx,
  caller: SessionAccount,
  kind: ValidationKind,
  id: string,
): Promise<{ autorizado: 'pendiente' | 'aprobado' }> {
  const account = await accountByRut(db, kind, id);
  if (caller.kind !== 'admin' && caller.id !== account.id) throw forbidden();
  return { autorizado: account.autorizado };
}

type MailDeps = Pick<Deps, 'db' | 'config'>;

/**
 * The decision's mail, queued in the decision's transaction: it exists exactly
 * when the decision does, and a sending failure is retried by the outbox
 * worker, never undoing the decision.
 */
async function notify(
  tx: DbOrTx,
  deps: MailDeps,
  account: ValidationAccount,
  subject: string,
  lines: string[],
): Promise<void> {
  await enqueueMail(tx, {
    to: account.email,
    accountId: account.id,
    subject,
    text: [`Hola ${account.nickname},`, '', ...lines, '', deps.config.siteName].join('\n'),
  });
}

const uploadPath = (kind: ValidationKind) =>
  kind === 'client' ? '/FotoParaValidarCliente' : '/FotoParaValidarUsuario';

export async function authorize(
  deps: MailDeps,
  admin: SessionAccount,
  kind: ValidationKind,
  id: string,
): Promise<void> {
  const { db, config } = deps;
  const account = await accountByRut(db, kind, id);
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  if (!(await q.findDocumentByAccount(db, account.id)))
    throw conflict(msg.documentMissing, 'DOCUMENT_MISSING');
  // Registration refuses minors, but a rectified birth date or an old record must not slip through either.
  if (ageOn(account.fechaNac, todayInChile()) < limits.minimumAge)
    throw conflict(msg.minorCannotBeAuthorized, 'UNDER_AGE');
  const motivo = msg.accountAuthorizedNotice;
  const approved = await db.transaction(async (tx) => {
    if (!(await q.approve(tx, account.id, motivo))) return false;
    if (kind === 'escort') await syncEscortVisibility(tx, account.id);
    await recordDecision(tx, decision(admin, account, 'aprobado', motivo));
    await notify(tx, deps, account, `Tu cuenta en ${config.siteName} fue autorizada`, [
      'Un administrador revisó tu documento y autorizó tu cuenta.',
      `Motivo de aprobación: ${motivo}. Estado de autorización: aprobado`,
      '',
      `Ya puedes ingresar: ${config.siteUrl}${kind === 'client' ? '/Login/clienteLogin' : '/Login/EscortLogin'}`,
    ]);
    return true;
  });
  if (!approved) throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
}

/** Rejects the document with the joined preset reasons and the admin's own words; returns the stored reason. */
export async function reject(
  deps: MailDeps,
  admin: SessionAccount,
  kind: ValidationKind,
  id: string,
  reasons: { motivo: string; detalle: string },
): Promise<string> {
  const { db, config } = deps;
  const motivo = rejectionMotivo(reasons.motivo, reasons.detalle);
  const account = await accountByRut(db, kind, id);
  // Rejection keeps the account pending; an approved account is not "rejected" after the fact.
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  await db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo);
    // The rejected document is deleted a fixed time after (data-rights/retention.ts) unless replaced.
    await q.markDocumentRejected(tx, account.id, new Date());
    await recordDecision(tx, decision(admin, account, 'rechazado', motivo));
    await notify(tx, deps, account, `Tu documento en ${config.siteName} necesita una corrección`, [
      'Un administrador revisó tu documento y no pudo validar tu cuenta todavía.',
      `Motivo de rechazo: ${motivo}. Estado de autorización: pendiente`,
      '',
      `Puedes subir tu documento nuevamente aquí: ${config.siteUrl}${uploadPath(kind)}`,
    ]);
  });
  return motivo;
}

/** The spec's separate "notice" call: (re)sets the approval notice of an approved account. */
export async function informApproved(
  deps: MailDeps,
  admin: SessionAccount,
  kind: ValidationKind,
  id: string,
  motivo: string,
): Promise<void> {
  const { db, config } = deps;
  const account = await accountByRut(db, kind, id);
  if (account.autorizado !== 'aprobado') throw conflict(msg.accountNotApproved, 'NOT_APPROVED');
  await db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo);
    await recordDecision(tx, decision(admin, account, 'aviso-aprobado', motivo));
    await notify(tx, deps, account, `Aviso sobre tu cuenta en ${config.siteName}`, [
      `Motivo de aprobación: ${motivo}. Estado de autorización: aprobado`,
    ]);
  });
}

const decision = (
  admin: SessionAccount,
  account: ValidationAccount,
  action: AuditAction,
  reasons: string,
) => ({
  adminId: admin.id,
  adminNickname: admin.nickname,
  accountId: account.id,
  accountNickname: account.nickname,
  action,
  reasons,
});

const accountBy = (db: DbOrTx, kind: ValidationKind, by: { rut: string } | { nickname: string }) =>
  'rut' in by ? accountByRut(db, kind, by.rut) : accountByNickname(db, kind, by.nickname);

/** The caller's own notice: a rejection reason while pending, or the approval notice once approved. */
export async function notices(
  db: DbOrTx,
  caller: SessionAccount,
  kind: ValidationKind,
  by: { rut: string } | { nickname: string },
  which: 'pendiente' | 'aprobado',
): Promise<AuthorizationNotice[]> {
  const account = await accountBy(db, kind, by);
  if (caller.id !== account.id) throw forbidden();
  if (account.autorizado !== which || !account.motivo) return [];
  return [{ nickname: account.nickname, motivo: account.motivo, autorizado: account.autorizado }];
}

export async function clearNotice(
  db: DbOrTx,
  caller: SessionAccount,
  kind: ValidationKind,
  by: { rut: string } | { nickname: string },
): Promise<void> {
  const account = await accountBy(db, kind, by);
  if (caller.id !== account.id) throw forbidden();
  await q.setMotivo(db, account.id, null);
}

/** Where an admin reads an account's identity document, or null once it is deleted (photo verification compares it). */
export async function documentUrlOf(db: DbOrTx, accountId: string): Promise<string | null> {
  const doc = await q.findDocumentByAccount(db, accountId);
  return doc ? `/api/upload/documento/${doc.publicId}` : null;
}
