import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AttendanceResult } from '@encanto/core/attendance';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, attendanceMarks, meetings } from '../../db/schema/index.ts';

export type MarkRow = typeof attendanceMarks.$inferSelect;

/**
 * A meeting by id when the caller is one of its pair and it was accepted (whatever it became since).
 * Read here, not through the meetings service: meetings asks this module for the record.
 */
export async function acceptedMeetingFor(db: DbOrTx, accountId: string, meetingId: string) {
  const [row] = await db
    .select({
      id: meetings.id,
      clientId: meetings.clientId,
      escortId: meetings.escortId,
      fechaHora: meetings.fechaHora,
      acceptedAt: meetings.acceptedAt,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.id, meetingId),
        or(eq(meetings.clientId, accountId), eq(meetings.escortId, accountId)),
        isNotNull(meetings.acceptedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts a mark; undefined when this side already marked the meeting. */
export async function insertMark(db: DbOrTx, values: typeof attendanceMarks.$inferInsert) {
  const [row] = await db
    .insert(attendanceMarks)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: attendanceMarks.id });
  return row?.id;
}

/** Both marks of each meeting. */
export function marksOn(db: DbOrTx, meetingIds: readonly string[]) {
  if (meetingIds.length === 0) return Promise.resolve([] as MarkRow[]);
  return db
    .select()
    .from(attendanceMarks)
    .where(inArray(attendanceMarks.meetingId, [...meetingIds]));
}

export async function findMark(db: DbOrTx, id: string, lock = false): Promise<MarkRow | undefined> {
  const q = db.select().from(attendanceMarks).where(eq(attendanceMarks.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The mark the other side made about `subjectId` on a meeting, locked for the contest. */
export async function markAbout(db: DbOrTx, meetingId: string, subjectId: string) {
  const [row] = await db
    .select()
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.meetingId, meetingId), eq(attendanceMarks.subjectId, subjectId)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateMark(
  db: DbOrTx,
  id: string,
  values: Partial<typeof attendanceMarks.$inferInsert>,
) {
  await db.update(attendanceMarks).set(values).where(eq(attendanceMarks.id, id));
}

/**
 * The record of each account: meetings both sides marked as completed, and absences that count: a
 * "no_se_presento" about the account that the administration upheld, or that nobody contested within
 * its window (marked on or before `uncontestedBefore`).
 */
export function countsFor(db: DbOrTx, accountIds: readonly string[], uncontestedBefore: Date) {
  // The account's own mark on the same meeting, as a correlated subquery (the table under its own name
  // is the outer row; `o` is the account's mark).
  const bothCompleted = sql`${attendanceMarks.resultado} = 'concretada' and exists (select 1 from attendance_marks o
    where o.meeting_id = ${attendanceMarks.meetingId} and o.author_id = ${attendanceMarks.subjectId}
      and o.resultado = 'concretada')`;
  return db
    .select({
      accountId: attendanceMarks.subjectId,
      completed: sql<number>`count(*) filter (where ${bothCompleted})::int`,
      absences: sql<number>`count(*) filter (where ${attendanceMarks.resultado} = 'no_se_presento' and (
        ${attendanceMarks.settlement} = 'ausencia'
        or (${attendanceMarks.disputedAt} is null and ${attendanceMarks.markedAt} <= ${uncontestedBefore.toISOString()}::timestamptz)))::int`,
    })
    .from(attendanceMarks)
    .where(inArray(attendanceMarks.subjectId, [...new Set(accountIds)]))
    .groupBy(attendanceMarks.subjectId);
}

const author = aliasedTable(accounts, 'attendance_author');
const subject = aliasedTable(accounts, 'attendance_subject');

/** Contested absences: open ones first (oldest first), then settled ones newest first; at most 300. */
export function listDisputes(db: DbOrTx) {
  return db
    .select({
      mark: attendanceMarks,
      meetingAt: sql<Date | null>`coalesce(${meetings.fechaHora}, ${meetings.acceptedAt})`.mapWith(
        meetings.fechaHora,
      ),
      author: author.nickname,
      subject: subject.nickname,
      subjectMark: sql<AttendanceResult | null>`(select o.resultado from attendance_marks o
        where o.meeting_id = ${attendanceMarks.meetingId} and o.author_id = ${attendanceMarks.subjectId})`,
    })
    .from(attendanceMarks)
    .leftJoin(meetings, eq(meetings.id, attendanceMarks.meetingId))
    .leftJoin(author, eq(author.id, attendanceMarks.authorId))
    .leftJoin(subject, eq(subject.id, attendanceMarks.subjectId))
    .where(isNotNull(attendanceMarks.disputedAt))
    .orderBy(
      sql`case when ${attendanceMarks.settledAt} is null then 0 else 1 end`,
      sql`case when ${attendanceMarks.settledAt} is null then ${attendanceMarks.disputedAt} end asc`,
      desc(attendanceMarks.settledAt),
    )
    .limit(300);
}

/** Every mark an account made or received (its data export), oldest first. */
export function marksOfAccount(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(attendanceMarks)
    .where(or(eq(attendanceMarks.authorId, accountId), eq(attendanceMarks.subjectId, accountId)))
    .orderBy(asc(attendanceMarks.markedAt));
}
