import { msg } from '@encanto/core/messages';
import { twoFactorLimits } from '@encanto/core/two-factor';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/tokens.ts';
import { findAccountById, voidPassword, type PasswordGuard } from '../accounts/service.ts';
import { markReauthenticated, type SessionAccount } from '../sessions/service.ts';
import {
  checkOwnCode,
  removeNamedFactor,
  takeSecurityNotice,
  type TwoFactorDeps,
} from '../two-factor/service.ts';

/** The proof a factor change may carry: the password, or a code of a factor the account already has. */
export interface Proof {
  pass?: string | undefined;
  codigo?: string | undefined;
}

/**
 * A session alone never changes a factor: the request carries a proof (the password through the
 * password guard, or a code through the wrong-code window), or the session gave one within the last
 * five minutes (decision 0119). A proof given here opens the window for the session's next changes.
 */
export async function requireFreshProof(
  deps: TwoFactorDeps,
  guard: PasswordGuard,
  ip: string,
  account: SessionAccount,
  proof: Proof,
): Promise<void> {
  const now = deps.clock.now();
  if (proof.pass !== undefined) await guard.checkPassword(deps.db, ip, account, proof.pass);
  else if (proof.codigo !== undefined) await checkOwnCode(deps, account.id, proof.codigo);
  else if (account.reauthAt && now.getTime() - account.reauthAt.getTime() < twoFactorLimits.reauthWindowMs)
    return;
  else throw forbidden(msg.reauthRequired, 'REAUTH_REQUIRED');
  await markReauthenticated(deps.db, account.sessionId, now);
}

/** Until when a proof given now lets this session change factors. */
export const reauthValidUntil = (deps: Pick<Deps, 'clock'>) =>
  new Date(deps.clock.now().getTime() + twoFactorLimits.reauthWindowMs);

const ADDITIONS = new Set(['totp_added', 'passkey_added']);

/**
 * "No fui yo" from a security notice: every session of the account ends, the factor the notice's
 * change added (if any) goes, and the password is replaced by one nobody knows, so whoever made the
 * change cannot come back with it; the owner sets a new one through the recovery mail. The link works
 * once and for a few days. Returns the account's kind, for the page to point at the right recovery.
 */
export async function undoSecurityNotice(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const unusable = await hashPassword(randomToken());
  const accountId = await deps.db.transaction(async (tx) => {
    const notice = await takeSecurityNotice(tx, token, deps.clock.now());
    if (!notice) throw notFound(msg.notDoneLinkInvalid, 'LINK_INVALID');
    if (notice.factorRef && ADDITIONS.has(notice.kind)) {
      await removeNamedFactor(tx, notice.accountId, notice.factorRef);
    }
    await voidPassword(tx, notice.accountId, unusable, deps.clock.now());
    return notice.accountId;
  });
  const account = await findAccountById(deps.db, accountId);
  return account?.kind ?? 'client';
}
