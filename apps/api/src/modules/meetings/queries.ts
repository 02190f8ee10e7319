import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, comments, meetings } from '../../db/schema/index.ts';
import { notBlockedSql } from '../blocks/service.ts';
import { at, meetingIdRef, reviewAheadSql, reviewOpenSql } from './window-queries.ts';

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeetingRow = typeof meetings.$inferInsert;

const pair = (clientId: string, escortId: string) =>
  and(eq(meetings.clientId, clientId), eq(meetings.escortId, escortId));

/** No comment of the meeting's client is attached to it yet. */
const notCommented = sql`not exists (select 1 from ${comments} c where c.meeting_id = ${meetingIdRef})`;

export async function findMeeting(db: DbOrTx, id: string, lock = false): Promise<MeetingRow | undefined> {
  const q = db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertMeeting(db: DbOrTx, values: NewMeetingRow): Promise<string> {
  const [row] = await db.insert(meetings).values(values).returning({ id: meetings.id });
  return row!.id;
}

/** The pair's pending request, locked for the rest of the transaction when `lock` is set. */
export async function pendingMeeting(db: DbOrTx, clientId: string, escortId: string, lock = false) {
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), eq(meetings.status, 'pendiente')))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * A pending request whose time (or proposed time) passed without an answer is
 * withdrawn, so it no longer holds the pair's one pending place.
 */
export async function expireStalePending(db: DbOrTx, clientId: string, escortId: string, now: Date) {
  await db
    .update(meetings)
    .set({ status: 'cancelada', closedAt: now, updatedAt: now })
    .where(
      and(
        pair(clientId, escortId),
        eq(meetings.status, 'pendiente'),
        lt(sql`coalesce(${meetings.propuestaFechaHora}, ${meetings.fechaHora})`, at(now)),
      ),
    );
}

/** The pair's latest meeting, whatever its status. */
export async function latestMeeting(
  db: DbOrTx,
  clientId: string,
  escortId: string,
): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(pair(clientId, escortId))
    .orderBy(desc(meetings.createdAt))
    .limit(1);
  return row;
}

/** The pair's accepted meeting that is still open (not closed), locked when asked. */
export async function openAcceptedMeeting(db: DbOrTx, clientId: string, escortId: string, lock = false) {
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), eq(meetings.status, 'aceptada')))
    .orderBy(desc(meetings.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * The pair's latest accepted meeting that `side` has not rated, inside its
 * review window at `now`, locked when asked. Whatever the other side did
 * (rated, closed) does not matter.
 */
export async function unratedMeeting(
  db: DbOrTx,
  clientId: string,
  escortId: string,
  side: 'client' | 'escort',
  now: Date,
  lock = false,
) {
  const flag = side === 'client' ? meetings.evaluadoCliente : meetings.evaluadoEscort;
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), reviewOpenSql(now), eq(flag, false)))
    .orderBy(desc(meetings.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The pair's latest accepted meeting inside its window with no comment yet, locked when asked. */
export async function commentableMeeting(
  db: DbOrTx,
  clientId: string,
  escortId: string,
  now: Date,
  lock = false,
) {
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), reviewOpenSql(now), notCommented))
    .orderBy(desc(meetings.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * Why nothing is reviewable: the pair never met, a meeting's time is still ahead (its review opens
 * then), or every meeting's window ended (or is used up).
 */
export async function reviewHistory(db: DbOrTx, clientId: string, escortId: string, now: Date) {
  const [row] = await db
    .select({
      met: sql<boolean>`coalesce(bool_or(${meetings.acceptedAt} is not null), false)`,
      open: sql<boolean>`coalesce(bool_or(${reviewOpenSql(now)}), false)`,
      ahead: sql<boolean>`coalesce(bool_or(${reviewAheadSql(now)}), false)`,
    })
    .from(meetings)
    .where(pair(clientId, escortId));
  return row ?? { met: false, open: false, ahead: false };
}

export async function hasAcceptedMeeting(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(meetings)
    .where(and(pair(clientId, escortId), isNotNull(meetings.acceptedAt)))
    .limit(1);
  return row !== undefined;
}

export async function hasAnyMeeting(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(meetings)
    .where(pair(clientId, escortId))
    .limit(1);
  return row !== undefined;
}

/** Flags over all of a pair's meetings at `now`, for the one-poll state view. */
export async function pairFlags(db: DbOrTx, clientId: string, escortId: string, now: Date) {
  const open = reviewOpenSql(now);
  const [row] = await db
    .select({
      pendiente: sql<boolean>`coalesce(bool_or(${meetings.status} = 'pendiente'), false)`,
      propuesta: sql<boolean>`coalesce(bool_or(${meetings.status} = 'pendiente' and ${meetings.propuestaFechaHora} is not null), false)`,
      abierta: sql<boolean>`coalesce(bool_or(${meetings.status} = 'aceptada'), false)`,
      mayComment: sql<boolean>`coalesce(bool_or(${open} and ${notCommented}), false)`,
      comentado: sql<boolean>`coalesce(bool_or(${meetings.comentado} and not ${meetings.evaluadoCliente}), false)`,
      click: sql<boolean>`coalesce(bool_or(${meetings.click}), false)`,
      clientMayRate: sql<boolean>`coalesce(bool_or(${open} and not ${meetings.evaluadoCliente}), false)`,
      escortMayRate: sql<boolean>`coalesce(bool_or(${open} and not ${meetings.evaluadoEscort}), false)`,
    })
    .from(meetings)
    .where(pair(clientId, escortId));
  return row!;
}

/** Requests waiting for an escort, oldest first, leaving out clients she blocked. */
export function pendingForEscort(db: DbOrTx, escortId: string) {
  return db
    .select({
      nickname_cliente: accounts.nickname,
      url: accounts.url,
      genero: accounts.genero,
      createdAt: meetings.createdAt,
      id: meetings.id,
      fechaHora: meetings.fechaHora,
      duracionMin: meetings.duracionMin,
      lugar: meetings.lugar,
      mensaje: meetings.mensaje,
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, meetings.clientId))
    .where(
      and(
        eq(meetings.escortId, escortId),
        eq(meetings.status, 'pendiente'),
        notBlockedSql(meetings.escortId, meetings.clientId),
      ),
    )
    .orderBy(meetings.createdAt)
    .limit(200);
}

/**
 * Clients an escort accepted and may still rate ('PENDIENTES POR CALIFICAR'):
 * not rated or dismissed, review window open; one row per client.
 */
export function acceptedUnratedForEscort(db: DbOrTx, escortId: string, now: Date) {
  return db
    .selectDistinctOn([accounts.nickname], {
      nickname_cliente: accounts.nickname,
      url: accounts.url,
      genero: accounts.genero,
      acceptedAt: meetings.acceptedAt,
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, meetings.clientId))
    .where(and(eq(meetings.escortId, escortId), reviewOpenSql(now), eq(meetings.evaluadoEscort, false)))
    .orderBy(accounts.nickname, desc(meetings.acceptedAt))
    .limit(200);
}

export async function setStatus(
  db: DbOrTx,
  id: string,
  now: Date,
  values: Partial<
    Pick<
      MeetingRow,
      | 'status'
      | 'acceso'
      | 'comentado'
      | 'click'
      | 'evaluadoCliente'
      | 'evaluadoEscort'
      | 'tokenHash'
      | 'acceptedAt'
      | 'closedAt'
      | 'fechaHora'
      | 'propuestaFechaHora'
      | 'motivoRechazo'
    >
  >,
) {
  await db
    .update(meetings)
    .set({ ...values, updatedAt: now })
    .where(eq(meetings.id, id));
}

/** Closes a pair's other accepted meetings when a new one is accepted, so exactly one is open. */
export async function closeOtherAccepted(
  db: DbOrTx,
  clientId: string,
  escortId: string,
  keepId: string,
  now: Date,
) {
  await db
    .update(meetings)
    .set({ status: 'cerrada', acceso: false, closedAt: now, updatedAt: now })
    .where(and(pair(clientId, escortId), eq(meetings.status, 'aceptada'), sql`${meetings.id} <> ${keepId}`));
}

/** Turns the client's "No Me Gusta" off for the pair. */
export async function turnClickOff(db: DbOrTx, clientId: string, escortId: string, now: Date): Promise<void> {
  await db.update(meetings).set({ click: false, updatedAt: now }).where(pair(clientId, escortId));
}

/**
 * The escort dismisses the client without rating: every accepted meeting counts as handled by her
 * and open ones close. Hands back how many rows each step changed.
 */
export async function dismissPair(tx: DbOrTx, clientId: string, escortId: string, now: Date) {
  const handled = await tx
    .update(meetings)
    .set({ evaluadoEscort: true, updatedAt: now })
    .where(and(pair(clientId, escortId), eq(meetings.evaluadoEscort, false), isNotNull(meetings.acceptedAt)))
    .returning({ id: meetings.id });
  const closed = await tx
    .update(meetings)
    .set({ status: 'cerrada', acceso: false, closedAt: now, updatedAt: now })
    .where(and(pair(clientId, escortId), eq(meetings.status, 'aceptada')))
    .returning({ id: meetings.id });
  return { handled: handled.length, closed: closed.length, closedIds: closed.map((r) => r.id) };
}

/** The client may use "No Me Gusta" on this escort's comments: one of their meetings turned it on. */
export async function clickActive(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(meetings)
    .where(and(pair(clientId, escortId), eq(meetings.click, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the client commented the escort on a day: the pair's state shows it
 * for today, and the comments module checks its one-per-day rule with it (the
 * unique index is the write-side guard).
 */
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

/** A meeting of this escort with the client's nickname, for the safety check-in (any status; the caller decides). */
export async function escortMeetingWithClient(db: DbOrTx, escortId: string, id: string) {
  const [row] = await db
    .select({
      id: meetings.id,
      status: meetings.status,
      fechaHora: meetings.fechaHora,
      lugar: meetings.lugar,
      cliente: accounts.nickname,
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, meetings.clientId))
    .where(and(eq(meetings.id, id), eq(meetings.escortId, escortId)))
    .limit(1);
  return row;
}
