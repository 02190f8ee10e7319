import {
  attendanceResultLabels,
  attendanceRules,
  shownCounts,
  type AdminAttendanceDispute,
  type AttendanceCounts,
  type AttendanceResult,
  type AttendanceSettle,
  type MeetingAttendance,
} from '@encanto/core/attendance';
import { formatDateAtTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { findAccountById, findAccountByNickname } from '../accounts/service.ts';
import { recordDecision } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { attendanceAbsenceMarkedMail } from '../../mail-templates/attendance-absence-marked.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  acceptedMeetingFor,
  countsFor,
  findMark,
  insertMark,
  listDisputes,
  markAbout,
  marksOfAccount,
  marksOn,
  updateMark,
  type MarkRow,
} from './queries.ts';

// The attendance record both ways (decisions 0173, 0174). Each side of an accepted meeting says whether it
// happened; what leaves the pair is two counts per account, never a list of meetings.

type AttendanceDeps = Pick<Deps, 'db' | 'clock'>;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const plus = (d: Date | null, ms: number) => (d ? new Date(d.getTime() + ms) : null);

/** The fields of a meeting the windows need; its time is the agreed one, or the acceptance without one. */
export interface AttendanceMeeting {
  id: string;
  clientId: string;
  escortId: string;
  fechaHora: Date | null;
  acceptedAt: Date | null;
}
const meetingTime = (m: AttendanceMeeting) => (m.acceptedAt ? (m.fechaHora ?? m.acceptedAt) : null);
const markUntil = (m: AttendanceMeeting) => plus(meetingTime(m), attendanceRules.markAfterMs);

/** Each side marks what happened, from the meeting's time until 7 days after it; once. */
export async function markAttendance(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: SessionAccount,
  meetingId: string,
  resultado: AttendanceResult,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const m = await acceptedMeetingFor(tx, caller.id, meetingId);
    if (!m) throw notFound(msg.attendanceNotFound, 'MEETING_NOT_ACCEPTED');
    const from = meetingTime(m);
    if (from && now < from) throw conflict(msg.attendanceTooSoon, 'ATTENDANCE_TOO_SOON');
    const until = markUntil(m);
    if (until && now > until) throw conflict(msg.attendanceClosed, 'ATTENDANCE_CLOSED');
    const side = m.clientId === caller.id ? 'client' : 'escort';
    const id = await insertMark(tx, {
      meetingId: m.id,
      authorId: caller.id,
      subjectId: side === 'client' ? m.escortId : m.clientId,
      side,
      resultado,
      markedAt: now,
    });
    if (!id) throw conflict(msg.attendanceTwice, 'ATTENDANCE_MARKED');
    // The side said to be absent hears it at once, with the deadline to contest (decision 0173).
    if (resultado === 'no_se_presento') {
      const subject = await findAccountById(tx, side === 'client' ? m.escortId : m.clientId);
      if (subject)
        await queueMail(
          tx,
          deps,
          attendanceAbsenceMarkedMail,
          {
            nickname: subject.nickname,
            otra_parte: caller.nickname,
            cita: m.id,
            hasta: formatDateAtTime(new Date(now.getTime() + attendanceRules.disputeAfterMs)),
          },
          { to: subject.email, accountId: subject.id },
        );
    }
  });
}

/** The side the other one says did not come contests it within 7 days; the administration settles it. */
export async function disputeAbsence(
  deps: AttendanceDeps,
  caller: SessionAccount,
  meetingId: string,
  texto: string | undefined,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const m = await acceptedMeetingFor(tx, caller.id, meetingId);
    if (!m) throw notFound(msg.attendanceNotFound, 'MEETING_NOT_ACCEPTED');
    const claim = await markAbout(tx, m.id, caller.id);
    if (!claim || claim.resultado !== 'no_se_presento')
      throw conflict(msg.attendanceNothingToDispute, 'NO_ABSENCE');
    if (claim.disputedAt) throw conflict(msg.attendanceDisputeTwice, 'ATTENDANCE_DISPUTED');
    if (now.getTime() > claim.markedAt.getTime() + attendanceRules.disputeAfterMs)
      throw conflict(msg.attendanceDisputeClosed, 'DISPUTE_CLOSED');
    await updateMark(tx, claim.id, { disputedAt: now, disputeText: texto ? texto : null });
  });
}

const disputeState = (mark: MarkRow | undefined) =>
  !mark?.disputedAt ? null : (mark.settlement ?? 'abierta');

/** One meeting's attendance for one side of its pair (in "Mis citas"). */
export function attendanceView(
  m: AttendanceMeeting,
  callerId: string,
  marks: readonly MarkRow[],
  now: Date,
): MeetingAttendance {
  const mine = marks.find((k) => k.meetingId === m.id && k.authorId === callerId);
  const theirs = marks.find((k) => k.meetingId === m.id && k.subjectId === callerId);
  const from = meetingTime(m);
  const until = markUntil(m);
  const open = from !== null && until !== null && now >= from && now <= until;
  const claimUntil =
    theirs?.resultado === 'no_se_presento' && !theirs.disputedAt
      ? plus(theirs.markedAt, attendanceRules.disputeAfterMs)
      : null;
  return {
    desde: iso(from),
    hasta: iso(until),
    puede_marcar: open && !mine,
    mia: mine?.resultado ?? null,
    suya: theirs?.resultado ?? null,
    puede_reclamar: claimUntil !== null && now <= claimUntil,
    reclamo_hasta: claimUntil && now <= claimUntil ? claimUntil.toISOString() : null,
    reclamo: disputeState(theirs),
    reclamo_de_la_otra_parte: disputeState(mine),
  };
}

/** The marks of the caller's meetings, for `attendanceView`. */
export const marksOfMeetings = (db: DbOrTx, meetingIds: readonly string[]) => marksOn(db, meetingIds);

/** Each account's record as others see it (null below three counted meetings, decision 0174). */
export async function attendanceCounts(
  db: DbOrTx,
  accountIds: readonly string[],
  now: Date,
): Promise<Map<string, AttendanceCounts>> {
  if (accountIds.length === 0) return new Map();
  const rows = await countsFor(db, accountIds, new Date(now.getTime() - attendanceRules.disputeAfterMs));
  const byId = new Map<string, AttendanceCounts>();
  for (const id of accountIds) byId.set(id, shownCounts(0, 0));
  for (const r of rows) byId.set(r.accountId, shownCounts(r.completed, r.absences));
  return byId;
}

/** An escort's record by nickname, for her public card. */
export async function escortAttendanceCounts(db: DbOrTx, nickname: string, now: Date) {
  const escort = await findAccountByNickname(db, nickname, 'escort');
  if (!escort) return shownCounts(0, 0);
  return (await attendanceCounts(db, [escort.id], now)).get(escort.id) ?? shownCounts(0, 0);
}

/** The administration's queue of contested absences. */
export async function attendanceDisputes(db: DbOrTx): Promise<AdminAttendanceDispute[]> {
  const rows = await listDisputes(db);
  return rows.map((r) => ({
    id: r.mark.id,
    cita_id: r.mark.meetingId,
    cita_fecha: iso(r.meetingAt),
    marcada_por: r.author,
    marcada_por_tipo: r.mark.side,
    reclamante: r.subject,
    marcada_el: r.mark.markedAt.toISOString(),
    reclamada_el: (r.mark.disputedAt ?? r.mark.markedAt).toISOString(),
    texto: r.mark.disputeText,
    marca_del_reclamante: r.subjectMark,
    estado: r.mark.settlement ?? 'abierta',
    nota: r.mark.note,
    resuelta_el: iso(r.mark.settledAt),
  }));
}

/** The administration settles a contest: the absence stands or is cancelled; in the audit log. */
export async function settleDispute(
  deps: AttendanceDeps,
  admin: SessionAccount,
  id: string,
  input: AttendanceSettle,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const mark = await findMark(tx, id, true);
    if (!mark?.disputedAt) throw notFound(msg.attendanceDisputeNotFound);
    if (mark.settledAt) throw conflict(msg.attendanceDisputeSettled, 'DISPUTE_SETTLED');
    await updateMark(tx, id, {
      settledAt: now,
      settledBy: admin.id,
      settlement: input.resolucion,
      note: input.nota,
    });
    const subject = await findAccountById(tx, mark.subjectId);
    await recordDecision(tx, {
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: mark.subjectId,
      accountNickname: subject?.nickname ?? '',
      action:
        input.resolucion === 'ausencia' ? 'asistencia_ausencia_mantenida' : 'asistencia_ausencia_anulada',
      reasons: input.nota,
    });
  });
}

/** For the data export: what the account marked and what was marked about it (no other account named). */
export async function attendanceForExport(db: DbOrTx, accountId: string) {
  const rows = await marksOfAccount(db, accountId);
  return {
    asistencia: rows.map((r) => ({
      cita_id: r.meetingId,
      quien_marco: r.authorId === accountId ? 'yo' : 'la otra parte',
      resultado: attendanceResultLabels[r.resultado],
      marcada_el: r.markedAt.toISOString(),
      reclamada_el: iso(r.disputedAt),
      mi_reclamo: r.subjectId === accountId ? r.disputeText : null,
      resolucion: r.settlement,
    })),
  };
}
