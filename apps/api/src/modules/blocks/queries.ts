import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, blocks, meetings } from '../../db/schema/index.ts';

/**
 * True when the escort blocked the client. The marketplace services (meeting
 * requests, comments, ratings, the conversation) call this before acting and
 * refuse with a 403 that does not say why (the conversation with the neutral
 * msg.blockedNeutral, the others with the generic msg.forbidden).
 */
export async function isBlocked(db: DbOrTx, escortId: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ escortId: blocks.escortId })
    .from(blocks)
    .where(and(eq(blocks.escortId, escortId), eq(blocks.clientId, clientId)))
    .limit(1);
  return row !== undefined;
}

/**
 * SQL over another query's columns: the escort has not blocked the client. Lists that leave blocked
 * clients out (her pending requests) put it in their own statement, so the filter costs no second
 * round trip and the list's limit counts only the rows shown.
 */
export const notBlockedSql = (escortId: AnyPgColumn, clientId: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${blocks} where ${blocks.escortId} = ${escortId} and ${blocks.clientId} = ${clientId})`;

/** Inserts the block; false when it already existed. */
export async function insertBlock(db: DbOrTx, escortId: string, clientId: string): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ escortId, clientId })
    .onConflictDoNothing()
    .returning({ escortId: blocks.escortId });
  return rows.length > 0;
}

export async function deleteBlock(db: DbOrTx, escortId: string, clientId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.escortId, escortId), eq(blocks.clientId, clientId)));
}

export function listBlocked(db: DbOrTx, escortId: string) {
  return db
    .select({ nickname_cliente: accounts.nickname, desde: blocks.createdAt })
    .from(blocks)
    .innerJoin(accounts, eq(accounts.id, blocks.clientId))
    .where(eq(blocks.escortId, escortId))
    .orderBy(asc(accounts.nickname));
}

/**
 * Ends whatever is open between the two: a pending request is rejected and an
 * accepted conversation closed (no more access, so no comment or rating).
 */
export async function closeOpenMeetings(
  db: DbOrTx,
  escortId: string,
  clientId: string,
  now: Date,
): Promise<void> {
  const pair = and(eq(meetings.escortId, escortId), eq(meetings.clientId, clientId));
  await db
    .update(meetings)
    .set({ status: 'rechazada', acceso: false, click: false, updatedAt: now, closedAt: now })
    .where(and(pair, eq(meetings.status, 'pendiente')));
  await db
    .update(meetings)
    .set({ status: 'cerrada', acceso: false, click: false, updatedAt: now, closedAt: now })
    .where(and(pair, inArray(meetings.status, ['aceptada'])));
}
