import { eq, sql } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/age';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { normalizeRut } from '@encanto/core/rut';
import type { Comment, CommentBody } from '@encanto/core/marketplace';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accounts, comments } from '../../db/schema/index.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { findAccountByNickname, findReadableEscort } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import { closeAfterComment, hasCommentedOn, lockOpenMeeting, spendDislike } from '../meetings/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { commentsByClient, commentsOnEscort, findComment } from './queries.ts';

const sameNick = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function escortByNickname(db: DbOrTx, nickname: string) {
  const escort = await findAccountByNickname(db, nickname);
  if (!escort || escort.kind !== 'escort') throw notFound(msg.profileUnavailable);
  return escort;
}

/**
 * A client comments an escort she met, in one transaction: the pair must have an
 * accepted meeting with access open; the comment is stored with today's Chilean
 * date (one per client, escort and day: a unique index); the meeting closes and
 * its commented flag turns on. Body fecha, likes and fono are decided here.
 */
export async function registerComment(db: Db, caller: SessionAccount, body: CommentBody): Promise<Comment> {
  if (caller.kind !== 'client' || !sameNick(body.nick_cliente, caller.nickname)) throw forbidden();
  if (body.rut_cliente !== undefined && normalizeRut(body.rut_cliente) !== normalizeRut(caller.rut))
    throw forbidden();
  const escort = await escortByNickname(db, body.nick_usuario);
  if (await isBlocked(db, escort.id, caller.id)) throw forbidden();
  const fecha = todayInChile();
  try {
    return await db.transaction(async (tx) => {
      const meeting = await lockOpenMeeting(tx, caller.id, escort.id);
      if (!meeting) throw forbidden(msg.commentAccessRequired, 'NO_ACCESS');
      const [row] = await tx
        .insert(comments)
        .values({
          escortId: escort.id,
          clientId: caller.id,
          nickCliente: caller.nickname,
          fecha,
          comentario: body.comentario,
        })
        .returning();
      await closeAfterComment(tx, meeting.id);
      return {
        id_comentario: row!.id,
        nick_cliente: row!.nickCliente,
        nick_usuario: escort.nickname,
        fecha,
        comentario: row!.comentario,
        likes: 0,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.commentAlreadyToday, 'COMMENTED_TODAY');
    throw err;
  }
}

/** Comments on a profile: any signed-in account while it is public; herself and admins while it is hidden. */
export async function listForEscort(
  db: DbOrTx,
  caller: SessionAccount,
  nickname: string,
): Promise<Comment[]> {
  const escort = await findReadableEscort(db, nickname, caller);
  if (!escort) throw notFound(msg.profileUnavailable);
  return commentsOnEscort(db, escort.id);
}

/** A client's own comments; admins may read anyone's. */
export async function listForClient(
  db: DbOrTx,
  caller: SessionAccount,
  nickname: string,
): Promise<Comment[]> {
  if (caller.kind !== 'admin' && !(caller.kind === 'client' && sameNick(caller.nickname, nickname)))
    throw forbidden();
  const client = await findAccountByNickname(db, nickname);
  if (!client || client.kind !== 'client') throw notFound();
  return commentsByClient(db, client.id);
}

/** Deleting needs 3+ dislikes and the escort of the profile or an admin. */
export async function deleteComment(db: Db, caller: SessionAccount, id: number): Promise<void> {
  const row = await findComment(db, id);
  if (!row) throw notFound();
  const allowed = caller.kind === 'admin' || (caller.kind === 'escort' && caller.id === row.escortId);
  if (!allowed) throw forbidden();
  if (row.likes < limits.commentDislikesToDelete)
    throw forbidden(msg.commentDeleteNotAllowed, 'NOT_ENOUGH_DISLIKES');
  await db.delete(comments).where(eq(comments.id, id));
}

/**
 * 'No Me Gusta': adds exactly one, whatever the body says, and only while the
 * client's click flag with that escort holds; the flag turns off in the same
 * transaction (a conditional update, so two clicks at once count once).
 */
export async function dislikeComment(db: Db, caller: SessionAccount, id: number): Promise<Comment> {
  if (caller.kind !== 'client') throw forbidden();
  const row = await findComment(db, id);
  if (!row) throw notFound();
  if (row.clientId === caller.id) throw forbidden(msg.dislikeNotAllowed, 'NO_CLICK');
  if (await isBlocked(db, row.escortId, caller.id)) throw forbidden();
  return db.transaction(async (tx) => {
    if (!(await spendDislike(tx, caller.id, row.escortId)))
      throw forbidden(msg.dislikeNotAllowed, 'NO_CLICK');
    const [updated] = await tx
      .update(comments)
      .set({ likes: sql`${comments.likes} + 1` })
      .where(eq(comments.id, id))
      .returning();
    const escort = await findNicknameById(tx, row.escortId);
    return {
      id_comentario: updated!.id,
      nick_cliente: updated!.nickCliente,
      nick_usuario: escort,
      fecha: updated!.fecha,
      comentario: updated!.comentario,
      likes: updated!.likes,
    };
  });
}

async function findNicknameById(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db
    .select({ nickname: accounts.nickname })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1);
  return row?.nickname ?? '';
}

/** Whether the client already commented the escort on a day (default today in Chile). */
export async function checkCommented(
  db: DbOrTx,
  caller: SessionAccount,
  query: { nick_cliente: string; nick_usuario: string; fecha?: string | undefined },
): Promise<boolean> {
  if (caller.kind !== 'admin' && !(caller.kind === 'client' && sameNick(caller.nickname, query.nick_cliente)))
    throw forbidden();
  const [client, escort] = await Promise.all([
    findAccountByNickname(db, query.nick_cliente),
    findAccountByNickname(db, query.nick_usuario),
  ]);
  if (!client || client.kind !== 'client' || !escort || escort.kind !== 'escort') return false;
  const fecha =
    query.fecha && /^\d{4}-\d{2}-\d{2}$/.test(query.fecha.slice(0, 10))
      ? query.fecha.slice(0, 10)
      : todayInChile();
  return hasCommentedOn(db, client.id, escort.id, fecha);
}
