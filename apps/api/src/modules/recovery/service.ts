import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { NewPasswordInput } from '@encanto/core/accounts';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomCode, randomToken, sha256 } from '../../lib/tokens.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { findAccountByEmail, findAccountById, setPasswordHash } from '../accounts/service.ts';
import { isLocked, lockGuardRow, queueLockMail, recordFailure, recoveryLockedError } from './lock.ts';
import { accountOfLiveLink, deleteCode, lockCode, setAttempts, upsertCode } from './queries.ts';
import { queueMail } from '../mail/service.ts';
import { recoveryCodeMail } from '../../mail-templates/recovery-code.ts';

export type RecoveryKind = 'client' | 'escort';

/** The code is bound to its account, so equal codes of two accounts hash differently. */
const codeHash = (accountId: string, code: string) => sha256(`${accountId}:${code}`);

/**
 * Sends a fresh 4-digit provisional code (and a link that opens the recovery
 * step with the e-mail filled in). A new request replaces the previous code.
 */
export async function requestRecovery(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  kind: RecoveryKind,
  email: string,
): Promise<void> {
  const { db } = deps;
  const account = await findAccountByEmail(db, email, kind);
  if (!account) {
    throw notFound(kind === 'client' ? msg.emailNotRegistered : msg.escortEmailNotFound, 'EMAIL_NOT_FOUND');
  }
  const code = randomCode(4);
  const linkToken = randomToken();
  const now = deps.clock.now();
  const values = {
    codeHash: codeHash(account.id, code),
    linkTokenHash: sha256(linkToken),
    attempts: 0,
    expiresAt: new Date(now.getTime() + timings.recoveryCodeTtlMs),
    createdAt: now,
  };
  // The code and its mail commit together: a code never exists without its mail queued.
  await db.transaction(async (tx) => {
    await upsertCode(tx, account.id, values);
    await queueMail(
      tx,
      deps,
      recoveryCodeMail,
      { recipientKind: kind, code, token: linkToken },
      { to: account.email, accountId: account.id },
    );
  });
}

/** The e-mail behind a live recovery link, so the recovery step opens with it filled in. */
export async function emailForResetLink(
  db: DbOrTx,
  kind: RecoveryKind,
  token: string,
  now: Date,
): Promise<string> {
  const row = await accountOfLiveLink(db, sha256(token), now);
  const account = row ? await findAccountById(db, row.accountId) : undefined;
  if (!account || account.kind !== kind) throw notFound(msg.resetLinkInvalid, 'LINK_INVALID');
  return account.email;
}

type Outcome =
  | { kind: 'ok' }
  | { kind: 'invalid' }
  | { kind: 'locked'; until: Date }
  | { kind: 'locked-now'; until: Date };

/**
 * Sets the new password when the code matches: valid 15 minutes, single use,
 * void after 5 wrong tries, and refused for 24 h once the account has had 10
 * wrong codes within 24 h (lock.ts) — unless the request carries the mail's
 * link token, which proves the mailbox as no 4-digit code can. Every session of
 * the account ends, since whoever knew the old password may hold one.
 */
export async function completeRecovery(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  kind: RecoveryKind,
  input: NewPasswordInput,
): Promise<void> {
  const { db } = deps;
  const invalid = () => badRequest(msg.codeInvalid, undefined, 'CODE_INVALID');
  const account = await findAccountByEmail(db, input.email, kind);
  if (!account) throw invalid();
  // Hashed before the transaction so the row lock is held for milliseconds, not an argon2 run.
  const passHash = await hashPassword(input.nuevaPass);
  const at = deps.clock.now();
  const now = at.getTime();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const guard = await lockGuardRow(tx, account.id);
    const row = await lockCode(tx, account.id);
    if (!row) return { kind: 'invalid' };
    if (row.expiresAt.getTime() <= now) {
      await deleteCode(tx, account.id);
      return { kind: 'invalid' };
    }
    const viaLink = input.token !== undefined && sha256(input.token) === row.linkTokenHash;
    if (!viaLink && isLocked(guard, now)) return { kind: 'locked', until: guard.lockedUntil! };
    if (row.codeHash !== codeHash(account.id, input.codigoProvisorio)) {
      if (row.attempts + 1 >= timings.recoveryMaxAttempts) {
        await deleteCode(tx, account.id);
      } else {
        await setAttempts(tx, account.id, row.attempts + 1);
      }
      // A typo by whoever holds the link is no guess at the code: only code-only tries count.
      if (viaLink) return { kind: 'invalid' };
      const until = await recordFailure(tx, account.id, guard, now);
      if (!until) return { kind: 'invalid' };
      // The lock's one mail, queued with the lock: sent once, by the request that set it.
      await queueLockMail(tx, deps, account, at, until);
      return { kind: 'locked-now', until };
    }
    await deleteCode(tx, account.id);
    await setPasswordHash(tx, account.id, passHash, at);
    await revokeAllSessions(tx, account.id);
    return { kind: 'ok' };
  });
  if (outcome.kind === 'ok') return;
  if (outcome.kind === 'invalid') throw invalid();
  throw recoveryLockedError(outcome.until, now);
}
