import type { AuditAction, AuditEntry } from '@encanto/core/validation';
import type { DbOrTx } from '../../db/client.ts';
import { findEntry, insertAuditEntry, latestAction, latestEntry, latestIds, listAudit } from './queries.ts';

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

/** The decisions that start and end an admin suspension; the newest of them says whether one is in force. */
export const suspensionActions = ['perfil_suspendido', 'perfil_reincorporado'] as const;

/** One entry by id, for an action taken from the log (undoing a suspension). */
export const auditEntryById = (db: DbOrTx, id: number) => findEntry(db, id);

/**
 * Whether the entry is the suspension in force for its account: the newest suspend-or-reinstate decision
 * about it (decision 0147).
 */
export async function isSuspensionInForce(
  db: DbOrTx,
  entry: { id: number; action: string; accountId: string | null },
): Promise<boolean> {
  if (entry.action !== 'perfil_suspendido' || !entry.accountId) return false;
  return (await latestIds(db, [entry.accountId], suspensionActions)).get(entry.accountId) === entry.id;
}

/** The admin panel's audit list, newest first; a suspension still in force can be undone from it. */
export async function auditEntries(db: DbOrTx, limit: number, before?: number): Promise<AuditEntry[]> {
  const rows = await listAudit(db, limit, before);
  const suspended = [
    ...new Set(rows.filter((r) => r.action === 'perfil_suspendido' && r.accountId).map((r) => r.accountId!)),
  ];
  const current = await latestIds(db, suspended, suspensionActions);
  return rows.map((r) => ({
    deshacible: r.action === 'perfil_suspendido' && r.accountId !== null && current.get(r.accountId) === r.id,
    id: r.id,
    fecha: r.createdAt.toISOString(),
    admin: r.adminNickname,
    cuenta: r.accountNickname,
    tipo: auditKind(r.kind),
    accion: r.action,
    motivos: r.reasons,
  }));
}
