import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountKind } from '@encanto/core/constants';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema/index.ts';

export interface AuditInsert {
  adminId: string | null;
  adminNickname: string;
  accountId: string | null;
  accountNickname: string;
  action: string;
  reasons: string | null;
}

export async function insertAuditEntry(db: DbOrTx, entry: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The newest entry about an account among the given actions. */
export async function latestAction(
  db: DbOrTx,
  accountId: string,
  actions: readonly string[],
): Promise<string | undefined> {
  const [row] = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.action;
}

/** The newest entry about an account among the given actions, with its reasons and date. */
export async function latestEntry(db: DbOrTx, accountId: string, actions: readonly string[]) {
  const [row] = await db
    .select({ action: auditLog.action, reasons: auditLog.reasons, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** One entry by its id, with the account it names (null once that account is gone). */
export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      accountId: auditLog.accountId,
      accountNickname: auditLog.accountNickname,
    })
    .from(auditLog)
    .where(eq(auditLog.id, id))
    .limit(1);
  return row;
}

/** For each account, the id of its newest entry among the given actions. */
export async function latestIds(
  db: DbOrTx,
  accountIds: readonly string[],
  actions: readonly string[],
): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: auditLog.accountId, id: sql<number>`max(${auditLog.id})` })
    .from(auditLog)
    .where(and(inArray(auditLog.accountId, [...accountIds]), inArray(auditLog.action, [...actions])))
    .groupBy(auditLog.accountId);
  return new Map(rows.map((r) => [r.accountId!, Number(r.id)]));
}

export interface AuditRow {
  id: number;
  accountId: string | null;
  createdAt: Date;
  adminNickname: string;
  accountNickname: string;
  kind: AccountKind | null;
  action: string;
  reasons: string | null;
}

/** Newest first, `limit` rows before the id `before` (keyset paging for the admin panel). */
export async function listAudit(db: DbOrTx, limit: number, before?: number): Promise<AuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      accountId: auditLog.accountId,
      createdAt: auditLog.createdAt,
      adminNickname: auditLog.adminNickname,
      accountNickname: auditLog.accountNickname,
      kind: accounts.kind,
      action: auditLog.action,
      reasons: auditLog.reasons,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .where(before ? sql`${auditLog.id} < ${before}` : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
