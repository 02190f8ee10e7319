import { holdReason, reportReasonLabels, type Report, type ReportReason } from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import {
  adminEmails,
  findAccountById,
  findAccountByNickname,
  syncEscortVisibility,
} from '../accounts/service.ts';
import {
  auditEntryById,
  isSuspensionInForce,
  latestDecision,
  recordDecision,
  suspensionActions,
  SYSTEM_ACTOR,
} from '../audit/service.ts';
import { reviewStatus } from '../meetings/service.ts';
import { queueMail } from '../mail/service.ts';
import { profileSuspendedMail } from '../../mail-templates/profile-suspended.ts';
import { reportHeldMail } from '../../mail-templates/report-held.ts';
import { reportUrgentMail } from '../../mail-templates/report-urgent.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  countDistinctReporters,
  countHoldingReports,
  decideReports,
  eraseReporterMarks,
  findReport,
  insertReport,
  listReports,
  lockProfile,
  openReportsOf,
  setSuspended,
  type ReportRow,
} from './queries.ts';
import { newReporterMark, sameReporterMark } from './reporter-mark.ts';

/** An escort (the account and her profile) by nickname; undefined for other kinds. */
async function findEscort(db: DbOrTx, nickname: string) {
  const found = await findAccountByNickname(db, nickname);
  return found?.profile
    ? { id: found.id, nickname: found.nickname, suspended: found.profile.suspended }
    : undefined;
}

/**
 * Whether an admin's suspension is in force: the latest suspend-or-reinstate
 * decision in the audit log is a suspension. The audit log is the record of
 * decisions, so it is also the truth about them.
 */
async function isAdminSuspended(db: DbOrTx, escortId: string): Promise<boolean> {
  return (await latestDecision(db, escortId, suspensionActions)) === 'perfil_suspendido';
}

/** Why a profile the site hides is hidden, as its owner is told: on hold pending review, or suspended by an admin. */
export async function holdState(
  db: DbOrTx,
  escortId: string,
  suspended: boolean,
): Promise<'en_espera' | 'suspendido' | null> {
  if (!suspended) return null;
  return (await isAdminSuspended(db, escortId)) ? 'suspendido' : 'en_espera';
}

export interface NewReport {
  nickname_usuario: string;
  motivo: ReportReason;
  detalle: string;
}

/** Who files a report: the signed-in account if any, and the address it came from. */
export interface Reporter {
  account: Pick<SessionAccount, 'id' | 'kind' | 'autorizado'> | null;
  ip: string;
}

/** How long a reporter mark lives: within it, a second report from the same network is the same person. */
export const REPORTER_WINDOW_MS = 24 * 60 * 60 * 1000;

type ReportDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

/**
 * Who may hide a profile before an admin reviews it, with a possible-minor
 * report: an admin, or an approved client she accepted a meeting with (a
 * witness the site can vouch for: an identity checked by an admin, and her own
 * acceptance). Nothing else, however many reports: networks, fresh accounts and
 * even approved escorts (her competitors) are cheap to multiply. The answer is
 * the audit reason of the hold, or null.
 */
async function holdWitness(
  tx: DbOrTx,
  reporter: Reporter,
  escortId: string,
  now: Date,
): Promise<string | null> {
  const account = reporter.account;
  if (!account) return null;
  if (account.kind === 'admin') return msg.holdAdminReporter;
  if (account.kind !== 'client' || account.autorizado !== 'aprobado') return null;
  // `met`: she accepted a meeting with him at some point, whatever became of it since.
  const { met } = await reviewStatus(tx, account.id, escortId, now);
  return met ? msg.holdTrustedReporter : null;
}

type AdminMail = { kind: 'urgent'; nickname: string; reporters: number } | { kind: 'held'; nickname: string };

/**
 * Files a report. A possible-minor report from a witness (holdWitness) puts
 * the profile on hold: hidden everywhere until an admin decides. Any other
 * report leaves it visible and goes to the admin queue, ranked by reason and by
 * how many distinct people report the profile; a possible-minor one tops it as
 * urgent and the admins get a mail at once (one per distinct reporter, so one
 * person repeating a report does not mail them again), queued with the report.
 */
export async function createReport(deps: ReportDeps, input: NewReport, reporter: Reporter): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const mail = await fileReport(tx, input, reporter, now);
    if (mail) await mailAdmins(tx, deps, mail);
  });
}

/** The report's rows and hold, in the caller's transaction; the admins' mail it calls for, if any. */
async function fileReport(
  tx: DbOrTx,
  input: NewReport,
  reporter: Reporter,
  now: Date,
): Promise<AdminMail | null> {
  const escort = await findEscort(tx, input.nickname_usuario);
  if (!escort) throw notFound(msg.reportTarget);
  await eraseReporterMarks(tx, new Date(now.getTime() - REPORTER_WINDOW_MS));
  // Reports about her are filed one after the other, so each sees the ones before it.
  const { suspended } = await lockProfile(tx, escort.id);
  const earlier = await sameReporterReports(tx, escort.id, reporter, now);
  const distinct = earlier.length === 0;
  const values = {
    escortId: escort.id,
    escortNickname: escort.nickname,
    reporterId: reporter.account?.id ?? null,
    reporterMark: newReporterMark(escort.id, reporter.ip),
    reason: input.motivo,
    detail: input.detalle,
    distinctReporter: distinct,
    createdAt: now,
  };
  if (input.motivo !== holdReason) {
    await insertReport(tx, values);
    return null;
  }
  const witness = await holdWitness(tx, reporter, escort.id, now);
  await insertReport(tx, { ...values, holds: witness !== null });
  if (witness && !suspended) {
    await setSuspended(tx, escort.id, true, now);
    await syncEscortVisibility(tx, escort.id, now);
    await recordDecision(tx, {
      adminId: null,
      adminNickname: SYSTEM_ACTOR,
      accountId: escort.id,
      accountNickname: escort.nickname,
      action: 'perfil_en_espera',
      reasons: witness,
    });
  }
  // An admin who reports knows already; a profile an admin suspended is decided already.
  if (reporter.account?.kind === 'admin' || (suspended && !witness)) return null;
  // One person repeating a possible-minor report does not mail the admins again.
  if (earlier.some((r) => r.reason === holdReason)) return null;
  if (witness) return suspended ? null : { kind: 'held', nickname: escort.nickname };
  return {
    kind: 'urgent',
    nickname: escort.nickname,
    reporters: Math.max(1, await countDistinctReporters(tx, escort.id)),
  };
}

/**
 * This reporter's open reports about the escort: the same account, or the same
 * network within 24 hours (the reporter marks). A report from someone who has
 * one is kept, but does not count as one more person in the admin queue.
 */
async function sameReporterReports(tx: DbOrTx, escortId: string, reporter: Reporter, now: Date) {
  const since = new Date(now.getTime() - REPORTER_WINDOW_MS);
  const open = await openReportsOf(tx, escortId);
  return open.filter(
    (r) =>
      (reporter.account !== null && r.reporterId === reporter.account.id) ||
      (r.reporterMark !== null &&
        r.createdAt > since &&
        sameReporterMark(r.reporterMark, escortId, reporter.ip)),
  );
}

/** One mail per admin, in the report's transaction: it exists exactly when the report does. */
async function mailAdmins(tx: DbOrTx, deps: ReportDeps, mail: AdminMail): Promise<void> {
  for (const to of await adminEmails(tx)) {
    if (mail.kind === 'urgent')
      await queueMail(
        tx,
        deps,
        reportUrgentMail,
        { nickname: mail.nickname, reporters: mail.reporters },
        { to },
      );
    else await queueMail(tx, deps, reportHeldMail, { nickname: mail.nickname }, { to });
  }
}

/** Forgets reporter marks past their 24 hours at `now` (also done on every new report). */
export async function eraseExpiredReporterMarks(db: Db, now: Date): Promise<number> {
  return eraseReporterMarks(db, new Date(now.getTime() - REPORTER_WINDOW_MS));
}

async function openReport(db: DbOrTx, id: number): Promise<ReportRow & { escortId: string }> {
  const report = await findReport(db, id);
  if (!report) throw notFound(msg.reportNotFound);
  if (report.status !== 'abierta') throw conflict(msg.reportAlreadyDecided);
  if (!report.escortId) throw notFound(msg.profileGone);
  return report as ReportRow & { escortId: string };
}

/** Hidden when an admin suspension is in force or an open report still holds it. */
async function recomputeHold(db: DbOrTx, escortId: string, now: Date): Promise<void> {
  const hidden = (await isAdminSuspended(db, escortId)) || (await countHoldingReports(db, escortId)) > 0;
  await setSuspended(db, escortId, hidden, now);
  await syncEscortVisibility(db, escortId, now);
}

export async function dismissReport(db: Db, admin: SessionAccount, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await openReport(tx, id);
    await decideReports(tx, { id }, 'descartada', admin.id, now);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: report.escortId,
      accountNickname: report.escortNickname,
      action: 'denuncia_descartada',
      reasons: reportReasonLabels[report.reason as ReportReason] ?? report.reason,
    });
    await recomputeHold(tx, report.escortId, now);
  });
}

/**
 * Suspends the profile: every open report of it is decided with this one; hidden until reinstated. The
 * admin's reason goes to the audit log after the report's reason, and to the escort by mail in the same
 * transaction (decision 0147).
 */
export async function suspendFromReport(
  deps: ReportDeps,
  admin: SessionAccount,
  id: number,
  motivo: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const report = await openReport(tx, id);
    await decideReports(tx, { escortId: report.escortId }, 'suspendida', admin.id, now);
    await setSuspended(tx, report.escortId, true, now);
    await syncEscortVisibility(tx, report.escortId, now);
    const label = reportReasonLabels[report.reason as ReportReason] ?? report.reason;
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: report.escortId,
      accountNickname: report.escortNickname,
      action: 'perfil_suspendido',
      reasons: `${label}: ${motivo}`,
    });
    const escort = await findAccountById(tx, report.escortId);
    if (escort)
      await queueMail(
        tx,
        deps,
        profileSuspendedMail,
        { nickname: escort.nickname, motivo },
        { to: escort.email, accountId: escort.id },
      );
  });
}

/**
 * "Deshacer" on a suspension in the audit log: reinstates the profile as "Reincorporar" does, when that
 * entry is still the suspension in force (409 otherwise: it was lifted or replaced since).
 */
export async function undoSuspension(
  db: Db,
  admin: SessionAccount,
  auditId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await auditEntryById(tx, auditId);
    if (!entry) throw notFound(msg.auditEntryNotFound);
    if (entry.action !== 'perfil_suspendido') throw badRequest(msg.suspensionUndoStale);
    if (!entry.accountId) throw notFound(msg.profileGone);
    if (!(await isSuspensionInForce(tx, entry))) throw conflict(msg.suspensionUndoStale);
    await decideReports(tx, { escortId: entry.accountId }, 'descartada', admin.id, now);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: entry.accountId,
      accountNickname: entry.accountNickname,
      action: 'perfil_reincorporado',
      reasons: 'Suspensión deshecha desde el registro',
    });
    // Lifted unless an open report that holds the profile still hides it.
    await recomputeHold(tx, entry.accountId, now);
  });
}

/** Reinstates the profile named by a report; reports still open about it are dismissed by this decision. */
export async function reinstateFromReport(
  db: Db,
  admin: SessionAccount,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await findReport(tx, id);
    if (!report) throw notFound(msg.reportNotFound);
    if (!report.escortId) throw notFound(msg.profileGone);
    const escort = await findEscort(tx, report.escortNickname);
    if (!escort || escort.id !== report.escortId) throw notFound(msg.profileGone);
    if (!escort.suspended) throw conflict(msg.profileNotSuspended);
    await decideReports(tx, { escortId: escort.id }, 'descartada', admin.id, now);
    await setSuspended(tx, escort.id, false, now);
    await syncEscortVisibility(tx, escort.id, now);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: escort.id,
      accountNickname: escort.nickname,
      action: 'perfil_reincorporado',
      reasons: null,
    });
  });
}

/** A report as the admin panel reads it. */
export function toReport(r: Awaited<ReturnType<typeof listReports>>[number]): Report {
  return {
    id: r.id,
    nickname_usuario: r.escortNickname,
    motivo: r.reason as ReportReason,
    detalle: r.detail,
    estado: r.status,
    fecha: r.createdAt.toISOString(),
    decidida_el: r.decidedAt?.toISOString() ?? null,
    perfil_existe: r.escortId !== null && r.suspended !== null,
    perfil_suspendido: r.suspended ?? false,
    denuncias_abiertas: r.openCount,
    // At least one while any report is open (a first report decided alone leaves its repeats uncounted).
    denunciantes: Math.max(r.reporterCount, r.openCount > 0 ? 1 : 0),
    // A possible minor whose profile is still visible: no witness has confirmed it, so an admin must look now.
    urgente: r.status === 'abierta' && r.reason === holdReason && r.suspended === false,
  };
}

export async function reportsForAdmin(
  db: DbOrTx,
  status: 'abierta' | 'descartada' | 'suspendida' | 'todas',
): Promise<Report[]> {
  const list = (await listReports(db, status)).map(toReport);
  // The most urgent first: possible minors still visible, possible minors on hold, trafficking, then the
  // rest; within a rank, profiles more distinct people report first; then by age (the list is oldest first).
  if (status === 'abierta') {
    const rank = (r: Report) => (r.urgente ? 0 : r.motivo === 'menor' ? 1 : r.motivo === 'trata' ? 2 : 3);
    list.sort((a, b) => rank(a) - rank(b) || b.denunciantes - a.denunciantes);
  }
  return list;
}
