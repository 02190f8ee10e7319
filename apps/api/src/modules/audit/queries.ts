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

export interface AuditRow {
  id: number;
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
