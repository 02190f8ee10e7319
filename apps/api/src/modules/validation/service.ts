import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
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
import { findAccountByNickname, type NicknameAccount, syncEscortVisibility } from '../accounts/service.ts';
import { recordDecision } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { accountApprovedMail } from '../../mail-templates/account-approved.ts';
import { approvalNoticeMail } from '../../mail-templates/approval-notice.ts';
import { documentRejectedMail } from '../../mail-templates/document-rejected.ts';
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

export async function pendingClients(db: DbOrTx, now: Date): Promise<PendingClient[]> {
  const today = todayInChile(now);
  return (await q.listPending(db, 'client')).map((r) => ({
    rut_cliente: r.rut,
    email: r.email,
    ...pendingFields(r, today),
  }));
}

export async function pendingEscorts(db: DbOrTx, now: Date): Promise<PendingEscort[]> {
  const today = todayInChile(now);
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

// Each decision's mail is queued in the decision's transaction: it exists exactly
// when the decision does, and a sending failure is retried by the outbox worker,
// never undoing the decision.
type MailDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

const envelope = (account: ValidationAccount) => ({ to: account.email, accountId: account.id });

export async function authorize(
  deps: MailDeps,
  admin: SessionAccount,
  kind: ValidationKind,
  id: string,
): Promise<void> {
  const { db } = deps;
  const account = await accountByRut(db, kind, id);
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  if (!(await q.findDocumentByAccount(db, account.id)))
    throw conflict(msg.documentMissing, 'DOCUMENT_MISSING');
  const now = deps.clock.now();
  // Registration refuses minors, but a rectified birth date or an old record must not slip through either.
  if (ageOn(account.fechaNac, todayInChile(now)) < limits.minimumAge)
    throw conflict(msg.minorCannotBeAuthorized, 'UNDER_AGE');
  const motivo = msg.accountAuthorizedNotice;
  const approved = await db.transaction(async (tx) => {
    if (!(await q.approve(tx, account.id, motivo, now))) return false;
    if (kind === 'escort') await syncEscortVisibility(tx, account.id, now);
    await recordDecision(tx, decision(admin, account, 'aprobado', motivo));
    await queueMail(
      tx,
      deps,
      accountApprovedMail,
      { nickname: account.nickname, recipientKind: kind, motivo },
      envelope(account),
    );
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
  const { db } = deps;
  const motivo = rejectionMotivo(reasons.motivo, reasons.detalle);
  const account = await accountByRut(db, kind, id);
  // Rejection keeps the account pending; an approved account is not "rejected" after the fact.
  if (account.autorizado === 'aprobado') throw conflict(msg.accountAlreadyApproved, 'ALREADY_APPROVED');
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo, now);
    // The rejected document is deleted a fixed time after (data-rights/retention.ts) unless replaced.
    await q.markDocumentRejected(tx, account.id, now);
    await recordDecision(tx, decision(admin, account, 'rechazado', motivo));
    await queueMail(
      tx,
      deps,
      documentRejectedMail,
      { nickname: account.nickname, recipientKind: kind, motivo },
      envelope(account),
    );
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
  const { db } = deps;
  const account = await accountByRut(db, kind, id);
  if (account.autorizado !== 'aprobado') throw conflict(msg.accountNotApproved, 'NOT_APPROVED');
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await q.setMotivo(tx, account.id, motivo, now);
    await recordDecision(tx, decision(admin, account, 'aviso-aprobado', motivo));
    await queueMail(tx, deps, approvalNoticeMail, { nickname: account.nickname, motivo }, envelope(account));
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
  now: Date,
): Promise<void> {
  const account = await accountBy(db, kind, by);
  if (caller.id !== account.id) throw forbidden();
  await q.setMotivo(db, account.id, null, now);
}

/** Where an admin reads an account's identity document, or null once it is deleted (photo verification compares it). */
export async function documentUrlOf(db: DbOrTx, accountId: string): Promise<string | null> {
  const doc = await q.findDocumentByAccount(db, accountId);
  return doc ? `/api/upload/documento/${doc.publicId}` : null;
}
