import { desc, eq } from 'drizzle-orm';
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
