import { and, eq, gt } from 'drizzle-orm';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { NewPasswordInput } from '@encanto/core/accounts';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomCode, randomToken, sha256 } from '../../lib/tokens.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { findAccountByEmail, findAccountById, setPasswordHash } from '../accounts/service.ts';
import { isLocked, lockGuardRow, recordFailure, recoveryLockedError, sendLockMail } from './lock.ts';
import { enqueueMail } from '../mail/service.ts';

export type RecoveryKind = 'client' | 'escort';

/** The code is bound to its account, so equal codes of two accounts hash differently. */
const codeHash = (accountId: string, code: string) => sha256(`${accountId}:${code}`);

const resetPath = (kind: RecoveryKind, token: string) =>
  `/${kind === 'client' ? 'cliente' : 'usuario'}/resetear-pass/${token}`;

/**
 * Sends a fresh 4-digit provisional code (and a link that opens the recovery
 * step with the e-mail filled in). A new request replaces the previous code.
 */
export async function requestRecovery(
  deps: Pick<Deps, 'db' | 'config'>,
  kind: RecoveryKind,
  email: string,
): Promise<void> {
  const { db, config } = deps;
  const account = await findAccountByEmail(db, email, kind);
  if (!account) {
    throw notFound(kind === 'client' ? msg.emailNotRegistered : msg.escortEmailNotFound, 'EMAIL_NOT_FOUND');
  }
  const code = randomCode(4);
  const linkToken = randomToken();
  const expiresAt = new Date(Date.now() + timings.recoveryCodeTtlMs);
  const values = {
    codeHash: codeHash(account.id, code),
    linkTokenHash: sha256(linkToken),
    attempts: 0,
    expiresAt,
    createdAt: new Date(),
  };
  const link = `${config.siteUrl}${resetPath(kind, linkToken)}`;
  // The code and its mail commit together: a code never exists without its mail queued.
  await db.transaction(async (tx) => {
    await tx
      .insert(recoveryCodes)
      .values({ accountId: account.id, ...values })
      .onConflictDoUpdate({ target: recoveryCodes.accountId, set: values });
    await enqueueMail(tx, {
      to: account.email,
      accountId: account.id,
      subject: msg.recoveryMailSubject(config.siteName),
      text: msg.recoveryMailText(code, link, Math.round(timings.recoveryCodeTtlMs / 60_000)),
    });
  });
}

/** The e-mail behind a live recovery link, so the recovery step opens with it filled in. */
export async function emailForResetLink(db: DbOrTx, kind: RecoveryKind, token: string): Promise<string> {
  const [row] = await db
    .select({ accountId: recoveryCodes.accountId })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.linkTokenHash, sha256(token)), gt(recoveryCodes.expiresAt, new Date())))
    .limit(1);
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
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  kind: RecoveryKind,
  input: NewPasswordInput,
): Promise<void> {
  const { db } = deps;
  const invalid = () => badRequest(msg.codeInvalid, undefined, 'CODE_INVALID');
  const account = await findAccountByEmail(db, input.email, kind);
  if (!account) throw invalid();
  // Hashed before the transaction so the row lock is held for milliseconds, not an argon2 run.
  const passHash = await hashPassword(input.nuevaPass);
  const now = Date.now();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const guard = await lockGuardRow(tx, account.id);
    const [row] = await tx
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.accountId, account.id))
      .for('update')
      .limit(1);
    if (!row) return { kind: 'invalid' };
    if (row.expiresAt.getTime() <= now) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
      return { kind: 'invalid' };
    }
    const viaLink = input.token !== undefined && sha256(input.token) === row.linkTokenHash;
    if (!viaLink && isLocked(guard, now)) return { kind: 'locked', until: guard.lockedUntil! };
    if (row.codeHash !== codeHash(account.id, input.codigoProvisorio)) {
      if (row.attempts + 1 >= timings.recoveryMaxAttempts) {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
      } else {
        await tx
          .update(recoveryCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(recoveryCodes.accountId, account.id));
      }
      // A typo by whoever holds the link is no guess at the code: only code-only tries count.
      if (viaLink) return { kind: 'invalid' };
      const until = await recordFailure(tx, account.id, guard, now);
      return until ? { kind: 'locked-now', until } : { kind: 'invalid' };
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
    await setPasswordHash(tx, account.id, passHash);
    await revokeAllSessions(tx, account.id);
    return { kind: 'ok' };
  });
  if (outcome.kind === 'ok') return;
  if (outcome.kind === 'invalid') throw invalid();
  if (outcome.kind === 'locked-now') await sendLockMail(deps, account.email, new Date(now), outcome.until);
  throw recoveryLockedError(outcome.until, now);
}
