import { holdReason, reportReasonLabels, type Report, type ReportReason } from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { syncEscortVisibility } from '../accounts/escort-listing.ts';
import { adminEmails, findAccountByNickname } from '../accounts/service.ts';
import { latestDecision, recordDecision, SYSTEM_ACTOR } from '../audit/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  countHoldingReports,
  decideReports,
  eraseReporterMarks,
  findReport,
  insertReport,
  listReports,
  lockProfile,
  markHolding,
  recentOpenReports,
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
  return (
    (await latestDecision(db, escortId, ['perfil_suspendido', 'perfil_reincorporado'])) ===
    'perfil_suspendido'
  );
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
  account: Pick<SessionAccount, 'id' | 'autorizado'> | null;
  ip: string;
}

/** How long a reporter mark lives, and the window in which two reporters put a profile on hold. */
export const REPORTER_WINDOW_MS = 24 * 60 * 60 * 1000;

type ReportDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>;

/**
 * Files a report. A possible-minor report puts the profile on hold (hidden
 * everywhere until an admin decides) when it comes from an approved account,
 * or when another reporter filed one in the last 24 hours; any other one is
 * urgent: it tops the admin queue and the admins get a mail at once. One
 * anonymous visitor can therefore no longer hide a profile alone.
 */
export async function createReport(deps: ReportDeps, input: NewReport, reporter: Reporter): Promise<void> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const escort = await findEscort(tx, input.nickname_usuario);
    if (!escort) throw notFound(msg.reportTarget);
    await eraseReporterMarks(tx, new Date(now.getTime() - REPORTER_WINDOW_MS));
    const mark = newReporterMark(escort.id, reporter.ip);
    const values = {
      escortId: escort.id,
      escortNickname: escort.nickname,
      reporterId: reporter.account?.id ?? null,
      reporterMark: mark,
      reason: input.motivo,
      detail: input.detalle,
    };
    if (input.motivo !== holdReason) {
      await insertReport(tx, values);
      return null;
    }
    // Two reporters at once must see each other's report.
    const { suspended } = await lockProfile(tx, escort.id);
    const trusted = reporter.account?.autorizado === 'aprobado';
    const partners = trusted ? [] : await otherReporters(tx, escort.id, reporter, now);
    const holds = trusted || partners.length > 0;
    await insertReport(tx, { ...values, holds });
    // Either report of the pair keeps the hold until an admin has decided both.
    await markHolding(tx, partners);
    if (holds && !suspended) {
      await setSuspended(tx, escort.id, true);
      await syncEscortVisibility(tx, escort.id);
      await recordDecision(tx, {
        adminId: null,
        adminNickname: SYSTEM_ACTOR,
        accountId: escort.id,
        accountNickname: escort.nickname,
        action: 'perfil_en_espera',
        reasons: trusted ? msg.holdTrustedReporter : msg.holdTwoReporters,
      });
    }
    return holds || suspended ? null : escort.nickname;
  });
  if (outcome) await mailAdminsUrgent(deps, outcome);
}

/**
 * The earlier open possible-minor reports of the last 24 h about the escort when
 * they come from someone else, else none. While a profile is not on hold, its
 * open reports are one reporter's (a second one would have held it), so the new
 * report is another reporter when it matches none of them: not the same account,
 * not the same network. Matching any one means the same person, even if she
 * switched networks or signed in since.
 */
async function otherReporters(tx: DbOrTx, escortId: string, reporter: Reporter, now: Date) {
  const since = new Date(now.getTime() - REPORTER_WINDOW_MS);
  const recent = await recentOpenReports(tx, escortId, holdReason, since);
  const same = (r: (typeof recent)[number]) =>
    (reporter.account !== null && r.reporterId === reporter.account.id) ||
    (r.reporterMark !== null && sameReporterMark(r.reporterMark, escortId, reporter.ip));
  return recent.some(same) ? [] : recent.map((r) => r.id);
}

/** After the commit, one mail per admin; a failed mail is logged and never undoes the report. */
async function mailAdminsUrgent(deps: ReportDeps, nickname: string): Promise<void> {
  const { db, mailer, config, log } = deps;
  const link = `${config.siteUrl}/pendientes/denuncias`;
  for (const to of await adminEmails(db)) {
    try {
      await mailer.send({
        to,
        subject: msg.urgentReportMailSubject(config.siteName),
        text: msg.urgentReportMailText(nickname, link),
      });
    } catch (err) {
      log.warn({ err }, 'urgent report mail not sent');
    }
  }
}

/** Forgets reporter marks past their 24 hours (also done on every new report). */
export async function eraseExpiredReporterMarks(db: Db, now = new Date()): Promise<number> {
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
async function recomputeHold(db: DbOrTx, escortId: string): Promise<void> {
  const hidden = (await isAdminSuspended(db, escortId)) || (await countHoldingReports(db, escortId)) > 0;
  await setSuspended(db, escortId, hidden);
  await syncEscortVisibility(db, escortId);
}

export async function dismissReport(db: Db, admin: SessionAccount, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await openReport(tx, id);
    await decideReports(tx, { id }, 'descartada', admin.id);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: report.escortId,
      accountNickname: report.escortNickname,
      action: 'denuncia_descartada',
      reasons: reportReasonLabels[report.reason as ReportReason] ?? report.reason,
    });
    await recomputeHold(tx, report.escortId);
  });
}

/** Suspends the profile: every open report of it is decided with this one; hidden until reinstated. */
export async function suspendFromReport(db: Db, admin: SessionAccount, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await openReport(tx, id);
    await decideReports(tx, { escortId: report.escortId }, 'suspendida', admin.id);
    await setSuspended(tx, report.escortId, true);
    await syncEscortVisibility(tx, report.escortId);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: report.escortId,
      accountNickname: report.escortNickname,
      action: 'perfil_suspendido',
      reasons: reportReasonLabels[report.reason as ReportReason] ?? report.reason,
    });
  });
}

/** Reinstates the profile named by a report; reports still open about it are dismissed by this decision. */
export async function reinstateFromReport(db: Db, admin: SessionAccount, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await findReport(tx, id);
    if (!report) throw notFound(msg.reportNotFound);
    if (!report.escortId) throw notFound(msg.profileGone);
    const escort = await findEscort(tx, report.escortNickname);
    if (!escort || escort.id !== report.escortId) throw notFound(msg.profileGone);
    if (!escort.suspended) throw conflict(msg.profileNotSuspended);
    await decideReports(tx, { escortId: escort.id }, 'descartada', admin.id);
    await setSuspended(tx, escort.id, false);
    await syncEscortVisibility(tx, escort.id);
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
    // A possible minor whose profile is still visible: nobody trusted has confirmed it, so an admin must look now.
    urgente: r.status === 'abierta' && r.reason === holdReason && r.suspended === false,
  };
}

export async function reportsForAdmin(
  db: DbOrTx,
  status: 'abierta' | 'descartada' | 'suspendida' | 'todas',
): Promise<Report[]> {
  const list = (await listReports(db, status)).map(toReport);
  // The most urgent first: possible minors still visible, possible minors on hold, trafficking, then the rest by age.
  if (status === 'abierta') {
    const rank = (r: Report) => (r.urgente ? 0 : r.motivo === 'menor' ? 1 : r.motivo === 'trata' ? 2 : 3);
    list.sort((a, b) => rank(a) - rank(b));
  }
  return list;
}
