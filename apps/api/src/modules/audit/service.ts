import type { AuditAction, AuditEntry } from '@encanto/core/validation';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEntry, latestAction, latestEntry, listAudit } from './queries.ts';

/** Who an entry names as the decider when no person decided (automatic hold, retention job). */
export const SYSTEM_ACTOR = 'sistema';
/** The audit log names the person themselves as who decided a deletion of their account. */
export const HOLDER_ACTOR = 'titular';

export interface Decision {
  /** The admin who decided; null for the system or the account holder. */
  adminId: string | null;
  adminNickname: string;
  /** Null once the account is gone: the entry outlives it (ids are set null). */
  accountId: string | null;
  accountNickname: string;
  /** One of the labelled codes (core auditActionLabels), so the panel can always word it. */
  action: AuditAction;
  reasons?: string | null;
}

/**
 * The one audit writer: every decision about an account (approval, rejection,
 * reports, suspensions, rectifications, deletions, retention) is recorded here,
 * in the caller's transaction so the decision and its record commit together.
 */
export async function recordDecision(db: DbOrTx, decision: Decision): Promise<void> {
  await insertAuditEntry(db, { ...decision, reasons: decision.reasons ?? null });
}

/** The most recent of the given decisions about an account (the log is the truth about them). */
export function latestDecision(
  db: DbOrTx,
  accountId: string,
  actions: readonly string[],
): Promise<string | undefined> {
  return latestAction(db, accountId, actions);
}

/** The most recent of the given decisions about an account, with its reasons and date. */
export function latestDecisionEntry(
  db: DbOrTx,
  accountId: string,
  actions: readonly AuditAction[],
): Promise<{ action: string; reasons: string | null; createdAt: Date } | undefined> {
  return latestEntry(db, accountId, actions);
}

const auditKind = (k: string | null): AuditEntry['tipo'] =>
  k === 'client' ? 'cliente' : k === 'escort' ? 'usuario' : null;

/** The admin panel's audit list, newest first. */
export async function auditEntries(db: DbOrTx, limit: number, before?: number): Promise<AuditEntry[]> {
  return (await listAudit(db, limit, before)).map((r) => ({
    id: r.id,
    fecha: r.createdAt.toISOString(),
    admin: r.adminNickname,
    cuenta: r.accountNickname,
    tipo: auditKind(r.kind),
    accion: r.action,
    motivos: r.reasons,
  }));
}
