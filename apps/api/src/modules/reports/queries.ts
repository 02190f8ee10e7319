import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escortProfiles, reports } from '../../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;

export async function findReport(db: DbOrTx, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

export async function insertReport(db: DbOrTx, values: typeof reports.$inferInsert): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

/** Marks the given report, or every open report of the escort, as decided. */
export async function decideReports(
  db: DbOrTx,
  where: { id: number } | { escortId: string },
  status: 'descartada' | 'suspendida',
  adminId: string,
): Promise<void> {
  const target = 'id' in where ? eq(reports.id, where.id) : eq(reports.escortId, where.escortId);
  await db
    .update(reports)
    .set({ status, decidedBy: adminId, decidedAt: new Date() })
    .where(and(target, eq(reports.status, 'abierta')));
}

export async function setSuspended(db: DbOrTx, escortId: string, suspended: boolean): Promise<void> {
  await db
    .update(escortProfiles)
    .set({ suspended, updatedAt: new Date() })
    .where(eq(escortProfiles.accountId, escortId));
}

export async function countOpenReports(db: DbOrTx, escortId: string, reason?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(
        eq(reports.escortId, escortId),
        eq(reports.status, 'abierta'),
        reason ? eq(reports.reason, reason) : undefined,
      ),
    );
  return row?.n ?? 0;
}

const openCount = sql<number>`(select count(*)::int from ${reports} r2 where r2.escort_id = ${reports.escortId} and r2.status = 'abierta')`;

export function listReports(db: DbOrTx, status: 'abierta' | 'descartada' | 'suspendida' | 'todas') {
  return db
    .select({
      id: reports.id,
      escortId: reports.escortId,
      escortNickname: reports.escortNickname,
      reason: reports.reason,
      detail: reports.detail,
      status: reports.status,
      createdAt: reports.createdAt,
      decidedAt: reports.decidedAt,
      suspended: escortProfiles.suspended,
      openCount,
    })
    .from(reports)
    .leftJoin(escortProfiles, eq(escortProfiles.accountId, reports.escortId))
    .where(status === 'todas' ? undefined : eq(reports.status, status))
    .orderBy(status === 'abierta' ? reports.createdAt : desc(reports.createdAt))
    .limit(500);
}
