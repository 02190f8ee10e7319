import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { meetingRules } from '@encanto/core/meetings';
import { meetings } from '../../db/schema/index.ts';

/**
 * The windows a meeting opens, derived from its time alone (never from what
 * the other side did): the conversation lasts until 7 days after the meeting,
 * each side may review until 14 days after it. A meeting without a time (a
 * request made before details existed) counts from its acceptance.
 */
export interface Timed {
  fechaHora: Date | null;
  acceptedAt: Date | null;
}

export const meetingTimeOf = (m: Timed): Date | null => m.fechaHora ?? m.acceptedAt;

const plus = (d: Date | null, ms: number) => (d ? new Date(d.getTime() + ms) : null);

export const reviewEndOf = (m: Timed) =>
  m.acceptedAt ? plus(meetingTimeOf(m), meetingRules.reviewAfterMs) : null;
export const conversationEndOf = (m: Timed) =>
  m.acceptedAt ? plus(meetingTimeOf(m), meetingRules.conversationAfterMs) : null;

/**
 * The meetings row's id, always table-qualified: Drizzle writes a bare "id" in
 * the select list of a one-table query, which inside a correlated subquery
 * would name the subquery's own id column.
 */
export const meetingIdRef = sql.raw('"meetings"."id"');

/** A timestamp parameter both drivers read the same way. */
export const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

const meetingTime = sql`coalesce(${meetings.fechaHora}, ${meetings.acceptedAt})`;
/** The review window as an SQL literal (a constant, never user input). */
const reviewInterval = sql.raw(`interval '${meetingRules.reviewAfterMs} milliseconds'`);

/** SQL: the meeting was accepted and its review window is still open at `now`. */
export const reviewOpenSql = (now: Date): SQL =>
  sql`(${meetings.acceptedAt} is not null and ${meetingTime} + ${reviewInterval} > ${at(now)})`;

/**
 * SQL over a meeting id expression: a review of that meeting is visible to
 * everyone — both sides reviewed (each has a rating on it), or its window
 * ended, or it belongs to no meeting (written before reviews had one, or its
 * meeting went with a deleted account).
 */
export const reviewVisibleSql = (meetingId: SQL | AnyPgColumn, now: Date): SQL => sql`(
  ${meetingId} is null
  or exists (select 1 from escort_ratings er where er.meeting_id = ${meetingId})
     and exists (select 1 from client_ratings cr where cr.meeting_id = ${meetingId})
  or exists (select 1 from meetings wm where wm.id = ${meetingId}
     and coalesce(wm.fecha_hora, wm.accepted_at) + ${reviewInterval} <= ${at(now)})
)`;
