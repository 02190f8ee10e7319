import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { meetingRules } from '@encanto/core/meetings';
import { meetings } from '../../db/schema/index.ts';

// The windows of windows.ts as SQL conditions, for the meeting queries (and, through service.ts, the
// comment and rating queries that build on meetings).

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

/** SQL: the meeting was accepted, its time has come (decision 0157) and its review window is open at `now`. */
export const reviewOpenSql = (now: Date): SQL =>
  sql`(${meetings.acceptedAt} is not null and ${meetingTime} <= ${at(now)} and ${meetingTime} + ${reviewInterval} > ${at(now)})`;

/** SQL: the meeting was accepted and its time, when its review opens, is still ahead of `now`. */
export const reviewAheadSql = (now: Date): SQL =>
  sql`(${meetings.acceptedAt} is not null and ${meetingTime} > ${at(now)})`;

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
