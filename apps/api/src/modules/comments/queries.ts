import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, comments } from '../../db/schema/index.ts';

const columns = {
  id_comentario: comments.id,
  nick_cliente: comments.nickCliente,
  nick_usuario: accounts.nickname,
  fecha: comments.fecha,
  comentario: comments.comentario,
  likes: comments.likes,
};

/** Comments on an escort's profile, newest first. */
export function commentsOnEscort(db: DbOrTx, escortId: string) {
  return db
    .select(columns)
    .from(comments)
    .innerJoin(accounts, eq(accounts.id, comments.escortId))
    .where(eq(comments.escortId, escortId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(500);
}

/** Comments a client wrote, newest first. */
export function commentsByClient(db: DbOrTx, clientId: string) {
  return db
    .select(columns)
    .from(comments)
    .innerJoin(accounts, eq(accounts.id, comments.escortId))
    .where(eq(comments.clientId, clientId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(500);
}

export async function findComment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row;
}

/** The one-per-day rule, read side (the unique index is the write-side guard). */
export async function commentedOn(
  db: DbOrTx,
  clientId: string,
  escortId: string,
  fecha: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(comments)
    .where(and(eq(comments.clientId, clientId), eq(comments.escortId, escortId), eq(comments.fecha, fecha)))
    .limit(1);
  return row !== undefined;
}
