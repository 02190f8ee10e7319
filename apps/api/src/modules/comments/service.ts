import { todayInChile } from '@encanto/core/chile-time';
import { limits } from '@encanto/core/constants';
import { meetingRules } from '@encanto/core/meetings';
import { msg } from '@encanto/core/messages';
import { normalizeRut } from '@encanto/core/rut';
import type { Comment, CommentBody } from '@encanto/core/marketplace';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { findAccountByNickname, findReadableEscort } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import {
  hasCommentedOn,
  lockCommentableMeeting,
  markCommented,
  mayDislike,
  reviewDeadline,
  reviewStatus,
} from '../meetings/service.ts';
import { notify } from '../notifications/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  addDislike,
  commentForViewer,
  commentsByClient,
  commentsOnEscort,
  deleteCommentRow,
  findComment,
  insertComment,
  removeDislike,
  type CommentRow,
} from './queries.ts';

type CommentDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const sameNick = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function escortByNickname(db: DbOrTx, nickname: string) {
  const escort = await findAccountByNickname(db, nickname);
  if (!escort || escort.kind !== 'escort') throw notFound(msg.profileUnavailable);
  return escort;
}

/** The comment as `viewer` reads it: waiting ones say until when, and who may delete it now. */
function view(r: CommentRow, viewer: SessionAccount, now: Date): Comment {
  const c = r.row;
  const ownFresh =
    c.clientId === viewer.id && now.getTime() - c.createdAt.getTime() <= meetingRules.commentDeleteMs;
  const moderator = viewer.kind === 'admin' || (viewer.kind === 'escort' && viewer.id === c.escortId);
  const deadline = r.meeting ? reviewDeadline(r.meeting) : null;
  return {
    id_comentario: c.id,
    nick_cliente: c.nickCliente,
    nick_usuario: r.nick_usuario,
    fecha: c.fecha,
    comentario: c.comentario,
    likes: c.likes,
    publicado: r.visible,
    publica_el: r.visible ? null : (deadline?.toISOString() ?? null),
    no_me_gusta: r.disliked,
    eliminable: ownFresh || (moderator && c.likes >= limits.commentDislikesToDelete),
  };
}

async function viewOf(
  deps: Pick<Deps, 'db'>,
  id: number,
  viewer: SessionAccount,
  now: Date,
): Promise<Comment> {
  const row = await commentForViewer(deps.db, id, viewer.id, now);
  if (!row) throw notFound();
  return view(row, viewer, now);
}

/**
 * A client comments an escort he met, in one transaction: the comment belongs
 * to his latest accepted meeting whose review window is open and that has no
 * comment yet (the escort's rating, or her closing the meeting, changes
 * nothing); today's Chilean date (one per client, escort and day); at least 10
 * characters. It stays hidden from others until both sides reviewed or the
 * window ends; the escort gets a (discreet) mail now.
 */
export async function registerComment(
  deps: CommentDeps,
  caller: SessionAccount,
  body: CommentBody,
): Promise<Comment> {
  const { db, clock } = deps;
  if (caller.kind !== 'client' || !sameNick(body.nick_cliente, caller.nickname)) throw forbidden();
  if (body.rut_cliente !== undefined && normalizeRut(body.rut_cliente) !== normalizeRut(caller.rut))
    throw forbidden();
  const escort = await escortByNickname(db, body.nick_usuario);
  if (await isBlocked(db, escort.id, caller.id)) throw forbidden();
  const now = clock.now();
  const fecha = todayInChile(now);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const meeting = await lockCommentableMeeting(tx, caller.id, escort.id, now);
      if (!meeting) {
        const status = await reviewStatus(tx, caller.id, escort.id, now);
        if (!status.met) throw forbidden(msg.commentAccessRequired, 'NO_ACCESS');
        // Not before the meeting happened (decision 0157): its review opens at its time.
        if (!status.open && status.ahead) throw conflict(msg.commentNotYetOpen, 'REVIEW_NOT_YET_OPEN');
        if (!status.open) throw forbidden(msg.reviewWindowClosed, 'REVIEW_WINDOW_CLOSED');
        throw conflict(msg.commentDuplicateMeeting, 'ALREADY_COMMENTED');
      }
      const commentId = await insertComment(tx, {
        escortId: escort.id,
        clientId: caller.id,
        nickCliente: caller.nickname,
        fecha,
        comentario: body.comentario,
        meetingId: meeting.id,
        createdAt: now,
      });
      await markCommented(tx, meeting.id, now);
      await notify(
        tx,
        deps,
        { id: escort.id, email: escort.email, kind: escort.kind },
        'comentario',
        meeting.id,
      );
      return commentId;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'comments_one_per_day_key'))
      throw conflict(msg.commentAlreadyToday, 'COMMENTED_TODAY');
    if (isUniqueViolation(err)) throw conflict(msg.commentDuplicateMeeting, 'ALREADY_COMMENTED');
    throw err;
  }
  return viewOf(deps, id, caller, now);
}

/**
 * The profile's comments the caller may read: published ones, and his own while they wait. Any signed-in
 * account while the profile is public; herself and admins while it is hidden.
 */
export async function listForEscort(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  nickname: string,
): Promise<Comment[]> {
  const escort = await findReadableEscort(deps.db, nickname, caller);
  if (!escort) throw notFound(msg.profileUnavailable);
  const now = deps.clock.now();
  const rows = await commentsOnEscort(deps.db, escort.id, caller.id, now);
  return rows.map((r) => view(r, caller, now));
}

/** A client's own comments; admins may read anyone's published ones. */
export async function listForClient(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  nickname: string,
): Promise<Comment[]> {
  if (caller.kind !== 'admin' && !(caller.kind === 'client' && sameNick(caller.nickname, nickname)))
    throw forbidden();
  const client = await findAccountByNickname(deps.db, nickname);
  if (!client || client.kind !== 'client') throw notFound();
  const now = deps.clock.now();
  const rows = await commentsByClient(deps.db, client.id, caller.id, now);
  return rows.map((r) => view(r, caller, now));
}

/**
 * Deleting: the author within 24 hours of writing it; otherwise the escort of
 * the profile or an admin once it has 3 or more "No Me Gusta" (the spec's rule).
 */
export async function deleteComment(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  id: number,
): Promise<void> {
  const row = await findComment(deps.db, id);
  if (!row) throw notFound();
  if (caller.kind === 'client' && row.clientId === caller.id) {
    if (deps.clock.now().getTime() - row.createdAt.getTime() > meetingRules.commentDeleteMs)
      throw forbidden(msg.commentDeleteExpired, 'DELETE_WINDOW_ENDED');
    await deleteCommentRow(deps.db, id);
    return;
  }
  const allowed = caller.kind === 'admin' || (caller.kind === 'escort' && caller.id === row.escortId);
  if (!allowed) throw forbidden();
  if (row.likes < limits.commentDislikesToDelete)
    throw forbidden(msg.commentDeleteNotAllowed, 'NOT_ENOUGH_DISLIKES');
  await deleteCommentRow(deps.db, id);
}

/** Who may use "No Me Gusta" on a comment: a client who met the escort, not its author, not blocked. */
async function dislikeTarget(deps: Pick<Deps, 'db' | 'clock'>, caller: SessionAccount, id: number) {
  if (caller.kind !== 'client') throw forbidden();
  const now = deps.clock.now();
  const row = await commentForViewer(deps.db, id, caller.id, now);
  // A comment still waiting for both reviews does not exist for other readers.
  if (!row || (!row.visible && row.row.clientId !== caller.id)) throw notFound();
  if (row.row.clientId === caller.id) throw forbidden(msg.dislikeNotAllowed, 'NO_CLICK');
  if (await isBlocked(deps.db, row.row.escortId, caller.id)) throw forbidden();
  if (!(await mayDislike(deps.db, caller.id, row.row.escortId)))
    throw forbidden(msg.dislikeNotAllowed, 'NO_CLICK');
  return now;
}

/**
 * 'No Me Gusta' on one comment: one per client and comment (the body's count
 * is ignored; a repeat changes nothing), and it can be undone. Using it on one
 * comment leaves the others as they were.
 */
export async function dislikeComment(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  id: number,
): Promise<Comment> {
  const now = await dislikeTarget(deps, caller, id);
  await deps.db.transaction((tx) => addDislike(tx, id, caller.id));
  return viewOf(deps, id, caller, now);
}

export async function undoDislike(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  id: number,
): Promise<Comment> {
  if (caller.kind !== 'client') throw forbidden();
  const now = deps.clock.now();
  const row = await commentForViewer(deps.db, id, caller.id, now);
  if (!row || (!row.visible && row.row.clientId !== caller.id)) throw notFound();
  await deps.db.transaction((tx) => removeDislike(tx, id, caller.id));
  return viewOf(deps, id, caller, now);
}

/** Whether the client already commented the escort on a day (default today in Chile). */
export async function checkCommented(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
  query: { nick_cliente: string; nick_usuario: string; fecha?: string | undefined },
): Promise<boolean> {
  const { db } = deps;
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
      : todayInChile(deps.clock.now());
  return hasCommentedOn(db, client.id, escort.id, fecha);
}
