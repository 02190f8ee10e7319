import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes, recoveryGuards } from '../../db/schema/index.ts';

export interface CodeValues {
  codeHash: string;
  linkTokenHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

/** A new request replaces the account's previous code. */
export async function upsertCode(db: DbOrTx, accountId: string, values: CodeValues): Promise<void> {
  await db
    .insert(recoveryCodes)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: recoveryCodes.accountId, set: values });
}

/** The account behind a live link token. */
export async function accountOfLiveLink(db: DbOrTx, linkTokenHash: string, now: Date) {
  const [row] = await db
    .select({ accountId: recoveryCodes.accountId })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.linkTokenHash, linkTokenHash), gt(recoveryCodes.expiresAt, now)))
    .limit(1);
  return row;
}

/** The account's code, locked for the rest of the transaction. */
export async function lockCode(tx: DbOrTx, accountId: string) {
  const [row] = await tx
    .select()
    .from(recoveryCodes)
    .where(eq(recoveryCodes.accountId, accountId))
    .for('update')
    .limit(1);
  return row;
}

export async function deleteCode(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

export async function setAttempts(tx: DbOrTx, accountId: string, attempts: number): Promise<void> {
  await tx.update(recoveryCodes).set({ attempts }).where(eq(recoveryCodes.accountId, accountId));
}

/** The account's guard row, created if missing and locked for the rest of the transaction. */
export async function lockGuard(tx: DbOrTx, accountId: string) {
  await tx.insert(recoveryGuards).values({ accountId }).onConflictDoNothing();
  const [row] = await tx
    .select({ failures: recoveryGuards.failures, lockedUntil: recoveryGuards.lockedUntil })
    .from(recoveryGuards)
    .where(eq(recoveryGuards.accountId, accountId))
    .for('update')
    .limit(1);
  return row;
}

export async function updateGuard(
  tx: DbOrTx,
  accountId: string,
  values: { failures: number[]; lockedUntil: Date | null },
): Promise<void> {
  await tx.update(recoveryGuards).set(values).where(eq(recoveryGuards.accountId, accountId));
}
