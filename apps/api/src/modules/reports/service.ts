import { holdReason, reportReasonLabels, type Report, type ReportReason } from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { syncEscortVisibility } from '../accounts/escort-listing.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import { latestDecision, recordDecision, SYSTEM_ACTOR } from '../audit/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  countOpenReports,
  decideReports,
  findReport,
  insertReport,
  listReports,
  setSuspended,
  type ReportRow,
} from './queries.ts';

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

export interface NewReport {
  nickname_usuario: string;
  motivo: ReportReason;
  detalle: string;
}

/**
 * Files a report. A possible minor puts the profile on hold at once (hidden
 * everywhere) until an admin dismisses the report or decides otherwise.
 */
export async function createReport(db: Db, input: NewReport, reporterId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const escort = await findEscort(tx, input.nickname_usuario);
    if (!escort) throw notFound(msg.reportTarget);
    await insertReport(tx, {
      escortId: escort.id,
      escortNickname: escort.nickname,
      reporterId,
      reason: input.motivo,
      detail: input.detalle,
    });
    if (input.motivo !== holdReason || escort.suspended) return;
    await setSuspended(tx, escort.id, true);
    await syncEscortVisibility(tx, escort.id);
    await recordDecision(tx, {
      adminId: null,
      adminNickname: SYSTEM_ACTOR,
      accountId: escort.id,
      accountNickname: escort.nickname,
      action: 'perfil_en_espera',
      reasons: reportReasonLabels[input.motivo],
    });
  });
}

async function openReport(db: DbOrTx, id: number): Promise<ReportRow & { escortId: string }> {
  const report = await findReport(db, id);
  if (!report) throw notFound(msg.reportNotFound);
  if (report.status !== 'abierta') throw conflict(msg.reportAlreadyDecided);
  if (!report.escortId) throw notFound(msg.profileGone);
  return report as ReportRow & { escortId: string };
}

/** Hidden when an admin suspension is in force or an open possible-minor report still holds it. */
async function recomputeHold(db: DbOrTx, escortId: string): Promise<void> {
  const hidden =
    (await isAdminSuspended(db, escortId)) || (await countOpenReports(db, escortId, holdReason)) > 0;
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

export async function reportsForAdmin(
  db: DbOrTx,
  status: 'abierta' | 'descartada' | 'suspendida' | 'todas',
): Promise<Report[]> {
  const rows = await listReports(db, status);
  const list = rows.map((r) => ({
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
  }));
  // The most urgent first: possible minors, then trafficking, then the rest by age.
  if (status === 'abierta') {
    const rank = (m: ReportReason) => (m === 'menor' ? 0 : m === 'trata' ? 1 : 2);
    list.sort((a, b) => rank(a.motivo) - rank(b.motivo));
  }
  return list;
}
