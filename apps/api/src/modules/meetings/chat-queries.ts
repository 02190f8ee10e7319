import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetingMessages, meetingReads } from '../../db/schema/index.ts';

/** The conversation's latest messages (at most `limit`), oldest first. */
export async function listMessages(db: DbOrTx, meetingId: string, limit = 500) {
  const rows = await db
    .select({
      id: meetingMessages.id,
      texto: meetingMessages.texto,
      authorId: meetingMessages.authorId,
      createdAt: meetingMessages.createdAt,
    })
    .from(meetingMessages)
    .where(eq(meetingMessages.meetingId, meetingId))
    .orderBy(desc(meetingMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertMessage(
  db: DbOrTx,
  values: { meetingId: string; authorId: string; texto: string; createdAt: Date },
) {
  const [row] = await db.insert(meetingMessages).values(values).returning();
  return row!;
}

export async function readState(db: DbOrTx, meetingId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(meetingReads)
    .where(and(eq(meetingReads.meetingId, meetingId), eq(meetingReads.accountId, accountId)))
    .limit(1);
  return row;
}

/** The member has seen everything up to `lastId` (never moves back) and opened it at `now`. */
export async function markRead(db: DbOrTx, meetingId: string, accountId: string, lastId: number, now: Date) {
  await db
    .insert(meetingReads)
    .values({ meetingId, accountId, lastReadId: lastId, readAt: now })
    .onConflictDoUpdate({
      target: [meetingReads.meetingId, meetingReads.accountId],
      set: { lastReadId: sql`greatest(${meetingReads.lastReadId}, excluded.last_read_id)`, readAt: now },
    });
}

export async function markMailed(db: DbOrTx, meetingId: string, accountId: string, now: Date) {
  await db
    .insert(meetingReads)
    .values({ meetingId, accountId, mailedAt: now })
    .onConflictDoUpdate({
      target: [meetingReads.meetingId, meetingReads.accountId],
      set: { mailedAt: now },
    });
}
