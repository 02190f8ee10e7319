import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  clientRatings,
  comments,
  escortRatings,
  meetingMessages,
  meetingReads,
  meetings,
} from '../../db/schema/index.ts';
import { at, meetingIdRef } from './window-queries.ts';

const notes = (t: typeof escortRatings | typeof clientRatings) => ({
  nota1: t.nota1,
  nota2: t.nota2,
  nota3: t.nota3,
  nota4: t.nota4,
  nota5: t.nota5,
});

/**
 * Every meeting of an account with the other side's names, its unread count
 * and both sides' reviews, newest meeting time first (at most 200). One query:
 * the account's index on meetings, then primary-key or meeting-key lookups.
 */
export function meetingsOf(db: DbOrTx, accountId: string, side: 'client' | 'escort') {
  const mine = side === 'client' ? meetings.clientId : meetings.escortId;
  const theirs = side === 'client' ? meetings.escortId : meetings.clientId;
  return db
    .select({
      meeting: meetings,
      other: { nickname: accounts.nickname, nombre: accounts.apellido, url: accounts.url },
      unread: sql<number>`(select count(*)::int from ${meetingMessages} mm
        where mm.meeting_id = ${meetingIdRef} and mm.author_id <> ${accountId}
          and mm.id > coalesce(${meetingReads.lastReadId}, 0))`,
      byClient: notes(escortRatings),
      byClientId: escortRatings.id,
      byEscort: notes(clientRatings),
      byEscortId: clientRatings.id,
      byEscortComment: clientRatings.comentario,
      comentario: comments.comentario,
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, theirs))
    .leftJoin(
      meetingReads,
      and(eq(meetingReads.meetingId, meetings.id), eq(meetingReads.accountId, accountId)),
    )
    .leftJoin(escortRatings, eq(escortRatings.meetingId, meetings.id))
    .leftJoin(clientRatings, eq(clientRatings.meetingId, meetings.id))
    .leftJoin(comments, eq(comments.meetingId, meetings.id))
    .where(eq(mine, accountId))
    .orderBy(desc(sql`coalesce(${meetings.fechaHora}, ${meetings.createdAt})`), desc(meetings.createdAt))
    .limit(200);
}

/**
 * The badge's two counts in one read: requests or proposals waiting for this
 * side's answer (time not passed), and meetings with messages it has not read.
 */
export async function summaryOf(db: DbOrTx, accountId: string, side: 'client' | 'escort', now: Date) {
  const mine = side === 'client' ? meetings.clientId : meetings.escortId;
  const waiting =
    side === 'escort'
      ? sql`${meetings.propuestaFechaHora} is null and (${meetings.fechaHora} is null or ${meetings.fechaHora} >= ${at(now)})`
      : sql`${meetings.propuestaFechaHora} >= ${at(now)}`;
  const [row] = await db
    .select({
      porResponder: sql<number>`count(*) filter (where ${meetings.status} = 'pendiente' and ${waiting})::int`,
      noLeidos: sql<number>`count(*) filter (where exists (select 1 from ${meetingMessages} mm
        where mm.meeting_id = ${meetingIdRef} and mm.author_id <> ${accountId}
          and mm.id > coalesce((select r.last_read_id from ${meetingReads} r
            where r.meeting_id = ${meetingIdRef} and r.account_id = ${accountId}), 0)))::int`,
    })
    .from(meetings)
    .where(eq(mine, accountId));
  return row ?? { porResponder: 0, noLeidos: 0 };
}
