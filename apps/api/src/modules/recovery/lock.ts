import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { rateLimited } from '../../errors.ts';
import { lockGuard, updateGuard } from './queries.ts';
import { queueMail } from '../mail/service.ts';
import { recoveryLockedMail } from '../../mail-templates/recovery-locked.ts';

/**
 * The cap on wrong recovery codes per account (decision 0045). A code has
 * 4 digits; with at most `recoveryDailyFailures` wrong guesses in any 24 hours
 * the chance that a guesser hits a live code within a day is at most
 * 10 / 10 000 = 0.1 %, however many codes she asks for (decision 0045 has
 * the arithmetic). The times live in the database, so the cap holds across
 * restarts and instances and whatever RATE_LIMIT says.
 */
export interface GuardRow {
  failures: number[];
  lockedUntil: Date | null;
}

/** The account's guard row, created if missing and locked for the rest of the transaction. */
export async function lockGuardRow(tx: DbOrTx, accountId: string): Promise<GuardRow> {
  return (await lockGuard(tx, accountId)) ?? { failures: [], lockedUntil: null };
}

export const isLocked = (row: GuardRow, now: number) =>
  row.lockedUntil !== null && row.lockedUntil.getTime() > now;

/**
 * Records one wrong code. The window slides: only failures of the last 24 h
 * count. The one that reaches the cap locks code recovery for 24 h and starts
 * a fresh count; it returns the end of the lock (else null).
 */
export async function recordFailure(
  tx: DbOrTx,
  accountId: string,
  row: GuardRow,
  now: number,
): Promise<Date | null> {
  const recent = [...row.failures.filter((t) => t > now - timings.recoveryFailureWindowMs), now];
  const locks = recent.length >= timings.recoveryDailyFailures;
  const lockedUntil = locks ? new Date(now + timings.recoveryLockMs) : row.lockedUntil;
  await updateGuard(tx, accountId, { failures: locks ? [] : recent, lockedUntil });
  return locks ? lockedUntil : null;
}

export const recoveryLockedError = (until: Date, now: number) =>
  rateLimited(msg.recoveryLocked, 'RECOVERY_LOCKED', until.getTime() - now);

/** The one mail of a lock, queued in the transaction that sets it. */
export async function queueLockMail(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  account: { id: string; email: string },
  lockedAt: Date,
  until: Date,
): Promise<void> {
  await queueMail(
    tx,
    deps,
    recoveryLockedMail,
    { lockedAt: lockedAt.toISOString(), until: until.toISOString() },
    { to: account.email, accountId: account.id },
  );
}
