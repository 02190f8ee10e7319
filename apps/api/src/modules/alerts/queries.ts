import { aliasedTable, and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, alertSettings, meetings, safetyAlerts } from '../../db/schema/index.ts';

export type AlertRow = typeof safetyAlerts.$inferSelect;

/**
 * The escort's meeting by id, when it was accepted (whatever it became since): the one thing an alert
 * may be filed on. Read here, not through the meetings service: meetings asks this module about alerts.
 */
export async function acceptedMeetingOf(db: DbOrTx, escortId: string, meetingId: string) {
  const [row] = await db
    .select({
      id: meetings.id,
      clientId: meetings.clientId,
      fechaHora: meetings.fechaHora,
      acceptedAt: meetings.acceptedAt,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.escortId, escortId), isNotNull(meetings.acceptedAt)))
    .limit(1);
  return row;
}

/** Inserts the alert; undefined when this escort already filed one on the meeting. */
export async function insertAlert(db: DbOrTx, values: typeof safetyAlerts.$inferInsert) {
  const [row] = await db
    .insert(safetyAlerts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: safetyAlerts.id });
  return row?.id;
}

export async function findAlert(db: DbOrTx, id: string, lock = false): Promise<AlertRow | undefined> {
  const q = db.select().from(safetyAlerts).where(eq(safetyAlerts.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateAlert(db: DbOrTx, id: string, values: Partial<typeof safetyAlerts.$inferInsert>) {
  await db.update(safetyAlerts).set(values).where(eq(safetyAlerts.id, id));
}

/** Confirmed alerts still in force (confirmed after `since`) about any of the clients, oldest first. */
export function confirmedAlertsAbout(db: DbOrTx, clientIds: readonly string[], since: Date) {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      clientId: safetyAlerts.clientId,
      categoria: safetyAlerts.categoria,
      createdAt: safetyAlerts.createdAt,
    })
    .from(safetyAlerts)
    .where(
      and(
        inArray(safetyAlerts.clientId, [...clientIds]),
        eq(safetyAlerts.status, 'confirmada'),
        gt(safetyAlerts.confirmedAt, since),
      ),
    )
    .orderBy(asc(safetyAlerts.createdAt));
}

/** The alerts this escort filed on the given meetings (to show "alerta enviada" on each). */
export function alertsFiledOn(db: DbOrTx, authorId: string, meetingIds: readonly string[]) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      meetingId: safetyAlerts.meetingId,
      categoria: safetyAlerts.categoria,
      status: safetyAlerts.status,
    })
    .from(safetyAlerts)
    .where(and(eq(safetyAlerts.authorId, authorId), inArray(safetyAlerts.meetingId, [...meetingIds])));
}

/** What the client may see about himself: alerts once confirmed (in force, lapsed or withdrawn). */
export function alertsAboutClient(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(safetyAlerts)
    .where(and(eq(safetyAlerts.clientId, clientId), isNotNull(safetyAlerts.confirmedAt)))
    .orderBy(desc(safetyAlerts.createdAt));
}

/** Every alert an escort filed (her data export). */
export function alertsFiledBy(db: DbOrTx, authorId: string) {
  return db
    .select()
    .from(safetyAlerts)
    .where(eq(safetyAlerts.authorId, authorId))
    .orderBy(desc(safetyAlerts.createdAt));
}

const client = aliasedTable(accounts, 'alert_client');
const author = aliasedTable(accounts, 'alert_author');

/** The admin queue: pending first (oldest first), then the rest newest first; at most 300. */
export function listAlertsForAdmin(db: DbOrTx, since: Date) {
  return db
    .select({
      alert: safetyAlerts,
      cliente: client.nickname,
      autora: author.nickname,
      otras: sql<number>`(select count(*)::int from safety_alerts o
        where o.client_id = ${safetyAlerts.clientId} and o.id <> ${safetyAlerts.id}
          and o.status = 'confirmada' and o.confirmed_at > ${since.toISOString()}::timestamptz)`,
    })
    .from(safetyAlerts)
    .leftJoin(client, eq(client.id, safetyAlerts.clientId))
    .leftJoin(author, eq(author.id, safetyAlerts.authorId))
    .orderBy(
      sql`case when ${safetyAlerts.status} = 'pendiente' then 0
        when ${safetyAlerts.answer} is not null and ${safetyAlerts.status} = 'confirmada' then 1 else 2 end`,
      sql`case when ${safetyAlerts.status} = 'pendiente' then ${safetyAlerts.createdAt} end asc`,
      desc(safetyAlerts.createdAt),
    )
    .limit(300);
}

export async function refusesAlerted(db: DbOrTx, escortId: string): Promise<boolean> {
  const [row] = await db
    .select({ refuse: alertSettings.refuseAlerted })
    .from(alertSettings)
    .where(eq(alertSettings.accountId, escortId))
    .limit(1);
  return row?.refuse ?? false;
}

export async function saveSettings(db: DbOrTx, accountId: string, refuseAlerted: boolean, now: Date) {
  await db
    .insert(alertSettings)
    .values({ accountId, refuseAlerted, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.accountId, set: { refuseAlerted, updatedAt: now } });
}

/**
 * Retention (decision 0171): a dismissed or withdrawn alert is deleted 30 days after that decision,
 * a confirmed one 12 months after it lapsed, a pending one never (it waits for a decision).
 */
export async function deleteAlertsPastRetention(db: DbOrTx, decidedBefore: Date, confirmedBefore: Date) {
  const rows = await db
    .delete(safetyAlerts)
    .where(
      or(
        and(
          inArray(safetyAlerts.status, ['descartada', 'retirada']),
          lt(safetyAlerts.decidedAt, decidedBefore),
        ),
        and(eq(safetyAlerts.status, 'confirmada'), lt(safetyAlerts.confirmedAt, confirmedBefore)),
      ),
    )
    .returning({ id: safetyAlerts.id });
  return rows.length;
}
