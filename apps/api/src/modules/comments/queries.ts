import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, commentDislikes, comments, meetings } from '../../db/schema/index.ts';
import { reviewVisible } from '../meetings/service.ts';

/** A comment as its reader sees it: visibility and the reader's own dislike come with the row. */
function select(db: DbOrTx, viewerId: string, now: Date) {
  return db
    .select({
      row: comments,
      nick_usuario: accounts.nickname,
      visible: sql<boolean>`${reviewVisible(comments.meetingId, now)}`,
      disliked: sql<boolean>`exists (select 1 from ${commentDislikes} d
        where d.comment_id = ${comments.id} and d.client_id = ${viewerId})`,
      meeting: { fechaHora: meetings.fechaHora, acceptedAt: meetings.acceptedAt },
    })
    .from(comments)
    .innerJoin(accounts, eq(accounts.id, comments.escortId))
    .leftJoin(meetings, eq(meetings.id, comments.meetingId));
}

/** Visible to the reader: published, or her own. */
const readable = (viewerId: string, now: Date): SQL =>
  or(reviewVisible(comments.meetingId, now), eq(comments.clientId, viewerId))!;

/** Comments on an escort's profile the reader may see, newest first. */
export function commentsOnEscort(db: DbOrTx, escortId: string, viewerId: string, now: Date) {
  return select(db, viewerId, now)
    .where(and(eq(comments.escortId, escortId), readable(viewerId, now)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(500);
}

/** Comments a client wrote, newest first. */
export function commentsByClient(db: DbOrTx, clientId: string, viewerId: string, now: Date) {
  return select(db, viewerId, now)
    .where(and(eq(comments.clientId, clientId), readable(viewerId, now)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(500);
}

export async function commentForViewer(db: DbOrTx, id: number, viewerId: string, now: Date) {
  const [row] = await select(db, viewerId, now).where(eq(comments.id, id)).limit(1);
  return row;
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof commentForViewer>>>;

export async function findComment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row;
}

export async function insertComment(db: DbOrTx, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/** One dislike per client and comment; the count moves with the row, in the same transaction. */
export async function addDislike(db: DbOrTx, commentId: number, clientId: string): Promise<boolean> {
  const added = await db
    .insert(commentDislikes)
    .values({ commentId, clientId })
    .onConflictDoNothing()
    .returning({ id: commentDislikes.commentId });
  if (added.length === 0) return false;
  await db
    .update(comments)
    .set({ likes: sql`${comments.likes} + 1` })
    .where(eq(comments.id, commentId));
  return true;
}

export async function removeDislike(db: DbOrTx, commentId: number, clientId: string): Promise<boolean> {
  const removed = await db
    .delete(commentDislikes)
    .where(and(eq(commentDislikes.commentId, commentId), eq(commentDislikes.clientId, clientId)))
    .returning({ id: commentDislikes.commentId });
  if (removed.length === 0) return false;
  await db
    .update(comments)
    .set({ likes: sql`greatest(${comments.likes} - 1, 0)` })
    .where(eq(comments.id, commentId));
  return true;
}

export async function deleteCommentRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}
