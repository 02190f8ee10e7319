import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, blocks, comments, meetings } from '../../db/schema/index.ts';

export type MeetingRow = typeof meetings.$inferSelect;

const pair = (clientId: string, escortId: string) =>
  and(eq(meetings.clientId, clientId), eq(meetings.escortId, escortId));

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

/** The pair's accepted meeting with access still open (the client may comment), locked when asked. */
export async function openAcceptedMeeting(db: DbOrTx, clientId: string, escortId: string, lock = false) {
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), eq(meetings.status, 'aceptada'), eq(meetings.acceso, true)))
    .orderBy(desc(meetings.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The pair's latest accepted meeting that `side` has not rated yet, locked when asked. */
export async function unratedMeeting(
  db: DbOrTx,
  clientId: string,
  escortId: string,
  side: 'client' | 'escort',
  lock = false,
) {
  const flag = side === 'client' ? meetings.evaluadoCliente : meetings.evaluadoEscort;
  const q = db
    .select()
    .from(meetings)
    .where(and(pair(clientId, escortId), isNotNull(meetings.acceptedAt), eq(flag, false)))
    .orderBy(desc(meetings.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
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

/** Flags over all of a pair's meetings, for the one-poll state view. */
export async function pairFlags(db: DbOrTx, clientId: string, escortId: string) {
  const [row] = await db
    .select({
      pendiente: sql<boolean>`coalesce(bool_or(${meetings.status} = 'pendiente'), false)`,
      acceso: sql<boolean>`coalesce(bool_or(${meetings.status} = 'aceptada' and ${meetings.acceso}), false)`,
      comentado: sql<boolean>`coalesce(bool_or(${meetings.comentado} and not ${meetings.evaluadoCliente}), false)`,
      click: sql<boolean>`coalesce(bool_or(${meetings.click}), false)`,
      clientMayRate: sql<boolean>`coalesce(bool_or(${meetings.acceptedAt} is not null and not ${meetings.evaluadoCliente}), false)`,
      escortMayRate: sql<boolean>`coalesce(bool_or(${meetings.acceptedAt} is not null and not ${meetings.evaluadoEscort}), false)`,
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
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, meetings.clientId))
    .where(
      and(
        eq(meetings.escortId, escortId),
        eq(meetings.status, 'pendiente'),
        sql`not exists (select 1 from ${blocks} where ${blocks.escortId} = ${meetings.escortId} and ${blocks.clientId} = ${meetings.clientId})`,
      ),
    )
    .orderBy(meetings.createdAt)
    .limit(200);
}

/** Clients an escort accepted and has not rated or dismissed yet ('PENDIENTES POR CALIFICAR'), one row per client. */
export function acceptedUnratedForEscort(db: DbOrTx, escortId: string) {
  return db
    .selectDistinctOn([accounts.nickname], {
      nickname_cliente: accounts.nickname,
      url: accounts.url,
      genero: accounts.genero,
      acceptedAt: meetings.acceptedAt,
    })
    .from(meetings)
    .innerJoin(accounts, eq(accounts.id, meetings.clientId))
    .where(
      and(
        eq(meetings.escortId, escortId),
        isNotNull(meetings.acceptedAt),
        eq(meetings.evaluadoEscort, false),
      ),
    )
    .orderBy(accounts.nickname, desc(meetings.acceptedAt))
    .limit(200);
}

export async function setStatus(
  db: DbOrTx,
  id: string,
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
    >
  >,
) {
  await db
    .update(meetings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetings.id, id));
}

/** Closes a pair's other accepted meetings when a new one is accepted, so exactly one is open. */
export async function closeOtherAccepted(db: DbOrTx, clientId: string, escortId: string, keepId: string) {
  await db
    .update(meetings)
    .set({ status: 'cerrada', acceso: false, closedAt: new Date(), updatedAt: new Date() })
    .where(and(pair(clientId, escortId), eq(meetings.status, 'aceptada'), sql`${meetings.id} <> ${keepId}`));
}

/**
 * The client's one-use "No Me Gusta" with this escort: turned off by a
 * conditional update, so two clicks at once count once. False when it was not on.
 */
export async function takeClick(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  const used = await db
    .update(meetings)
    .set({ click: false, updatedAt: new Date() })
    .where(and(pair(clientId, escortId), eq(meetings.click, true)))
    .returning({ id: meetings.id });
  return used.length > 0;
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
