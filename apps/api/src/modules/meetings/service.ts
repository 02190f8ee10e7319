import { and, eq, isNotNull } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import type {
  AcceptResult,
  ClientCard,
  MeetingPair,
  MeetingState,
  RequestItem,
} from '@encanto/core/marketplace';
import { todayInChile } from '@encanto/core/age';
import type { Db, DbOrTx } from '../../db/client.ts';
import { meetings } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound, isUniqueViolation } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  acceptedUnratedForEscort,
  closeOtherAccepted,
  findByNickname,
  hasAcceptedMeeting,
  hasAnyMeeting,
  isBlocked,
  latestMeeting,
  openAcceptedMeeting,
  pairFlags,
  pendingForEscort,
  pendingMeeting,
  setStatus,
  unratedMeeting,
  type PartyRow,
} from './queries.ts';
import { commentedOn } from '../comments/queries.ts';

export type Side = 'client' | 'escort';

export interface Pair {
  client: PartyRow;
  escort: PartyRow;
  /** Which side of the pair the caller is. */
  side: Side;
}

const sqlPair = (pair: Pair) =>
  and(eq(meetings.clientId, pair.client.id), eq(meetings.escortId, pair.escort.id));

const sameNick = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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
    findByNickname(db, caller.nickname),
    findByNickname(db, other),
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
  if (!escort.listed) throw notFound(msg.profileUnavailable);
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
    const closing =
      options.close && row.status === 'aceptada'
        ? { status: 'cerrada' as const, acceso: false, closedAt: new Date() }
        : {};
    await setStatus(
      tx,
      row.id,
      pair.side === 'client'
        ? { evaluadoCliente: true, comentado: false, ...closing }
        : { evaluadoEscort: true, ...closing },
    );
  });
}

/** Turns the client's dislike flag off for the pair. */
export async function disableClick(db: Db, pair: Pair): Promise<void> {
  await db.update(meetings).set({ click: false, updatedAt: new Date() }).where(sqlPair(pair));
}

/** The whole state of a pair for one side's controls, in one read (the UI polls it). */
export async function meetingState(db: DbOrTx, pair: Pair): Promise<MeetingState> {
  const [latest, flags, commentedToday] = await Promise.all([
    latestMeeting(db, pair.client.id, pair.escort.id),
    pairFlags(db, pair.client.id, pair.escort.id),
    commentedOn(db, pair.client.id, pair.escort.id, todayInChile()),
  ]);
  return {
    estado: latest?.status ?? null,
    pendiente: flags.pendiente,
    acceso: flags.acceso,
    comentado: flags.comentado,
    click: flags.click,
    puedeCalificarUsuario: flags.clientMayRate,
    puedeCalificarCliente: flags.escortMayRate,
    comentadoHoy: commentedToday,
  };
}

/** An open (pending or accepted) meeting exists for the pair. */
export async function openMeetingExists(db: DbOrTx, pair: Pair): Promise<boolean> {
  const flags = await pairFlags(db, pair.client.id, pair.escort.id);
  return flags.pendiente || flags.acceso;
}

export async function pendingRequests(db: DbOrTx, escortId: string): Promise<RequestItem[]> {
  const rows = await pendingForEscort(db, escortId);
  return rows.map((r) => ({
    nickname_cliente: r.nickname_cliente,
    url: r.url,
    genero: r.genero,
    fecha: r.createdAt.toISOString(),
  }));
}

export async function clientsToRate(db: DbOrTx, escortId: string): Promise<RequestItem[]> {
  const rows = await acceptedUnratedForEscort(db, escortId);
  return rows
    .map((r) => ({
      nickname_cliente: r.nickname_cliente,
      url: r.url,
      genero: r.genero,
      fecha: (r.acceptedAt ?? new Date()).toISOString(),
    }))
    .sort((a, b) => b.fecha.localeCompare(a.fecha));
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

/** Own-side path nickname check for the list calls (pendientes/{nick}, aceptados/{nickname}). */
export function requireOwnNickname(
  caller: SessionAccount,
  nickname: string,
  kind: 'escort' | 'client',
): void {
  if (caller.kind !== kind || !sameNick(caller.nickname, nickname)) throw forbidden();
}

/**
 * The client card an escort opens from her requests: only escorts with a meeting
 * (any status) with the client, and admins, see it; others get the same
 * "not found" as a missing client, so nicknames cannot be probed.
 */
export async function clientCard(db: DbOrTx, caller: SessionAccount, nickname: string): Promise<ClientCard> {
  const client = await findByNickname(db, nickname);
  if (!client || client.kind !== 'client') throw notFound(msg.clientCardMissing);
  if (caller.kind === 'escort') {
    if (!(await hasAnyMeeting(db, client.id, caller.id))) throw notFound(msg.clientCardMissing);
  } else if (caller.kind !== 'admin') {
    throw forbidden();
  }
  const [unrated, met] =
    caller.kind === 'escort'
      ? await Promise.all([
          unratedMeeting(db, client.id, caller.id, 'escort'),
          hasAcceptedMeeting(db, client.id, caller.id),
        ])
      : [undefined, false];
  return {
    nickname: client.nickname,
    url: client.url,
    genero: client.genero,
    puedeCalificar: unrated !== undefined,
    conocido: met,
  };
}
