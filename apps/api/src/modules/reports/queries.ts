import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
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
  now: Date,
): Promise<void> {
  const target = 'id' in where ? eq(reports.id, where.id) : eq(reports.escortId, where.escortId);
  await db
    .update(reports)
    .set({ status, decidedBy: adminId, decidedAt: now })
    .where(and(target, eq(reports.status, 'abierta')));
}

export async function setSuspended(
  db: DbOrTx,
  escortId: string,
  suspended: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(escortProfiles)
    .set({ suspended, updatedAt: now })
    .where(eq(escortProfiles.accountId, escortId));
}

/** Open reports of the escort that keep her profile on hold. */
export async function countHoldingReports(db: DbOrTx, escortId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.escortId, escortId), eq(reports.status, 'abierta'), eq(reports.holds, true)));
  return row?.n ?? 0;
}

/**
 * Locks the escort's profile row for the rest of the transaction, so two reports
 * about her are decided one after the other; answers whether she is hidden now.
 */
export async function lockProfile(db: DbOrTx, escortId: string): Promise<{ suspended: boolean }> {
  const [row] = await db
    .select({ suspended: escortProfiles.suspended })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, escortId))
    .for('update');
  return { suspended: row?.suspended ?? false };
}

/** Open reports about the escort, with what tells their reporters apart (newest 500). */
export function openReportsOf(db: DbOrTx, escortId: string) {
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      reporterId: reports.reporterId,
      reporterMark: reports.reporterMark,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.escortId, escortId), eq(reports.status, 'abierta')))
    .orderBy(desc(reports.createdAt))
    .limit(500);
}

/** Distinct people behind the escort's open reports (each report says whether its reporter was new). */
export async function countDistinctReporters(db: DbOrTx, escortId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(eq(reports.escortId, escortId), eq(reports.status, 'abierta'), eq(reports.distinctReporter, true)),
    );
  return row?.n ?? 0;
}

/** Forgets reporter marks older than the cutoff; returns how many were erased. */
export async function eraseReporterMarks(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ reporterMark: null })
    .where(and(isNotNull(reports.reporterMark), lt(reports.createdAt, before)))
    .returning({ id: reports.id });
  return rows.length;
}

const openCount = sql<number>`(select count(*)::int from ${reports} r2 where r2.escort_id = ${reports.escortId} and r2.status = 'abierta')`;
const reporterCount = sql<number>`(select count(*)::int from ${reports} r2 where r2.escort_id = ${reports.escortId} and r2.status = 'abierta' and r2.distinct_reporter)`;

/** Reports of one status (or all), or, with `escortId`, every report about one profile, newest first. */
export function listReports(
  db: DbOrTx,
  status: 'abierta' | 'descartada' | 'suspendida' | 'todas',
  escortId?: string,
) {
  const byStatus = status === 'todas' ? undefined : eq(reports.status, status);
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
      reporterCount,
    })
    .from(reports)
    .leftJoin(escortProfiles, eq(escortProfiles.accountId, reports.escortId))
    .where(escortId ? and(eq(reports.escortId, escortId), byStatus) : byStatus)
    .orderBy(status === 'abierta' && !escortId ? reports.createdAt : desc(reports.createdAt))
    .limit(500);
}
