import { and, eq, isNotNull } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import type { AcceptResult, MeetingPair } from '@encanto/core/marketplace';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { meetings } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound, isUniqueViolation } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { findAccountByNickname, type NicknameAccount } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  closeOtherAccepted,
  commentedOn,
  hasAcceptedMeeting,
  hasAnyMeeting,
  openAcceptedMeeting,
  pendingMeeting,
  setStatus,
  takeClick,
  unratedMeeting,
  type MeetingRow,
} from './queries.ts';

export type Side = 'client' | 'escort';

export interface Pair {
  client: NicknameAccount;
  escort: NicknameAccount;
  /** Which side of the pair the caller is. */
  side: Side;
}

const sqlPair = (pair: Pair) =>
  and(eq(meetings.clientId, pair.client.id), eq(meetings.escortId, pair.escort.id));

export const sameNick = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Identifies both parties of a meeting call from the session, never from the body:
 * the body's nickname for the caller's side must be the caller's own (else 403),
 * and the other nickname must name an account of the other kind (else 404).
 */
export async function resolvePair(
  db: DbOrTx,
  caller: SessionAccount,
  body: MeetingPair,
  allowed: readonly Side[] = ['client', 'escort'],
): Promise<Pair> {
  if (caller.kind === 'admin' || !allowed.includes(caller.kind)) throw forbidden();
  const side: Side = caller.kind;
  const own = side === 'client' ? body.nickname_cliente : body.nickname_usuario;
  const other = side === 'client' ? body.nickname_usuario : body.nickname_cliente;
  if (!sameNick(own, caller.nickname)) throw forbidden();
  const [self, counterpart] = await Promise.all([
    findAccountByNickname(db, caller.nickname),
    findAccountByNickname(db, other),
  ]);
  const otherKind = side === 'client' ? 'escort' : 'client';
  if (!self) throw forbidden();
  if (!counterpart || counterpart.kind !== otherKind) {
    throw notFound(side === 'client' ? msg.profileUnavailable : msg.clientCardMissing);
  }
  return side === 'client'
    ? { client: self, escort: counterpart, side }
    : { client: counterpart, escort: self, side };
}

/** A client asks an escort for a meeting: approved clients only, listed escorts only, one pending per pair. */
export async function requestMeeting(db: Db, pair: Pair): Promise<void> {
  const { client, escort } = pair;
  if (client.autorizado !== 'aprobado') throw forbidden(msg.requestNotAuthorized, 'NOT_AUTHORIZED');
  // A blocked client hears the same neutral refusal as any other forbidden act.
  if (await isBlocked(db, escort.id, client.id)) throw forbidden();
  if (!escort.profile?.listed) throw notFound(msg.profileUnavailable);
  try {
    await db.insert(meetings).values({ clientId: client.id, escortId: escort.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.requestPending, 'REQUEST_PENDING');
    throw err;
  }
}

/** The client withdraws a pending request (the cancel link). */
export async function cancelRequest(db: Db, pair: Pair): Promise<void> {
  const row = await pendingMeeting(db, pair.client.id, pair.escort.id);
  if (!row) throw notFound(msg.meetingNotFound);
  await setStatus(db, row.id, { status: 'cancelada', closedAt: new Date() });
}

/** The escort turns a pending request down. */
export async function rejectRequest(db: Db, pair: Pair): Promise<void> {
  const row = await pendingMeeting(db, pair.client.id, pair.escort.id);
  if (!row) throw notFound(msg.meetingNotFound);
  await setStatus(db, row.id, { status: 'rechazada', closedAt: new Date() });
}

/**
 * Either side closes the pair's open meeting: an accepted one becomes cerrada
 * (comment access ends); a pending one is cancelled by the client or rejected by the escort.
 */
export async function closeMeeting(db: Db, pair: Pair): Promise<void> {
  await db.transaction(async (tx) => {
    const accepted = await openAcceptedMeeting(tx, pair.client.id, pair.escort.id, true);
    if (accepted) {
      await setStatus(tx, accepted.id, { status: 'cerrada', acceso: false, closedAt: new Date() });
      return;
    }
    const pending = await pendingMeeting(tx, pair.client.id, pair.escort.id, true);
    if (!pending) throw notFound(msg.meetingNotFound);
    await setStatus(tx, pending.id, {
      status: pair.side === 'client' ? 'cancelada' : 'rechazada',
      closedAt: new Date(),
    });
  });
}

/**
 * The escort accepts, in one transaction: the pending request becomes aceptada
 * with comment access and the dislike flag, older accepted meetings of the pair
 * close, and a fresh conversation token is returned (only its hash is kept).
 * With `orCurrent`, an already accepted meeting is refreshed instead of failing
 * (the escort-side "crear-o-actualizar" flow).
 */
export async function acceptRequest(
  db: Db,
  pair: Pair,
  options: { orCurrent?: boolean } = {},
): Promise<AcceptResult> {
  const { client, escort } = pair;
  if (await isBlocked(db, escort.id, client.id)) throw forbidden();
  return db.transaction(async (tx) => {
    const token = randomToken();
    const pending = await pendingMeeting(tx, client.id, escort.id, true);
    if (!pending) {
      const current = options.orCurrent
        ? await openAcceptedMeeting(tx, client.id, escort.id, true)
        : undefined;
      if (!current) throw notFound(msg.meetingNotFound);
      await setStatus(tx, current.id, { tokenHash: sha256(token) });
      return { mensaje: msg.conversationUpdated, token };
    }
    const first = !(await hasAcceptedMeeting(tx, client.id, escort.id));
    await closeOtherAccepted(tx, client.id, escort.id, pending.id);
    await setStatus(tx, pending.id, {
      status: 'aceptada',
      acceso: true,
      click: true,
      comentado: false,
      tokenHash: sha256(token),
      acceptedAt: new Date(),
    });
    return { mensaje: first ? msg.conversationCreatedAccepted : msg.conversationAccepted, token };
  });
}

/** Marks the caller's side as having evaluated the latest accepted meeting; a no-op when already marked. */
export async function markEvaluated(db: Db, pair: Pair, options: { close?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await unratedMeeting(tx, pair.client.id, pair.escort.id, pair.side, true);
    if (!row) {
      if (await hasAcceptedMeeting(tx, pair.client.id, pair.escort.id)) return;
      throw notFound(msg.meetingNotFound);
    }
    await setStatus(tx, row.id, evaluated(row, pair.side, options.close ?? false));
  });
}

/** The flags for `side` having evaluated a meeting; an accepted one closes too when asked. */
function evaluated(row: MeetingRow, side: Side, close: boolean) {
  const closing =
    close && row.status === 'aceptada'
      ? { status: 'cerrada' as const, acceso: false, closedAt: new Date() }
      : {};
  return side === 'client'
    ? { evaluadoCliente: true, comentado: false, ...closing }
    : { evaluadoEscort: true, ...closing };
}

/** Turns the client's dislike flag off for the pair. */
export async function disableClick(db: Db, pair: Pair): Promise<void> {
  await db.update(meetings).set({ click: false, updatedAt: new Date() }).where(sqlPair(pair));
}

/**
 * The escort dismisses a client from 'PENDIENTES POR CALIFICAR' without rating
 * ('Ignorar'): open meetings close and every accepted one counts as handled.
 */
export async function dismissClient(db: Db, pair: Pair): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(meetings)
      .set({ evaluadoEscort: true, updatedAt: new Date() })
      .where(and(sqlPair(pair), eq(meetings.evaluadoEscort, false), isNotNull(meetings.acceptedAt)))
      .returning({ id: meetings.id });
    const closed = await tx
      .update(meetings)
      .set({ status: 'cerrada', acceso: false, closedAt: new Date(), updatedAt: new Date() })
      .where(and(sqlPair(pair), eq(meetings.status, 'aceptada')))
      .returning({ id: meetings.id });
    if (rows.length === 0 && closed.length === 0) throw notFound(msg.meetingNotFound);
  });
}

// ---- For the features built on meetings (comments, ratings) ------------------------

/** The pair's accepted meeting with comment access open, locked for the caller's transaction. */
export function lockOpenMeeting(tx: Tx, clientId: string, escortId: string) {
  return openAcceptedMeeting(tx, clientId, escortId, true);
}

/** A comment closes the meeting it was written on and marks it commented. */
export async function closeAfterComment(tx: Tx, meetingId: string): Promise<void> {
  await setStatus(tx, meetingId, { status: 'cerrada', acceso: false, comentado: true, closedAt: new Date() });
}

/** Spends the client's one "No Me Gusta" with this escort; false when it was not available. */
export function spendDislike(tx: Tx, clientId: string, escortId: string): Promise<boolean> {
  return takeClick(tx, clientId, escortId);
}

/** Whether the client commented the escort on a day (YYYY-MM-DD in Chile). */
export function hasCommentedOn(db: DbOrTx, clientId: string, escortId: string, fecha: string) {
  return commentedOn(db, clientId, escortId, fecha);
}

/** The latest accepted meeting `side` has not rated yet, locked for the rating's transaction. */
export function lockUnratedMeeting(tx: Tx, clientId: string, escortId: string, side: Side) {
  return unratedMeeting(tx, clientId, escortId, side, true);
}

/** A rating marks its meeting evaluated by `side` and closes it if still open. */
export async function markRated(tx: Tx, meeting: MeetingRow, side: Side): Promise<void> {
  await setStatus(tx, meeting.id, evaluated(meeting, side, true));
}

/** The two have met: one of their meetings was accepted. */
export function haveMet(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  return hasAcceptedMeeting(db, clientId, escortId);
}

/** The two have had a meeting of any status (a request is enough). */
export function haveAnyMeeting(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  return hasAnyMeeting(db, clientId, escortId);
}
