import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { msg } from '@encanto/core/messages';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, rateLimited, unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Counters } from '../../lib/counters.ts';
import { sha256 } from '../../lib/tokens.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { findById, normEmail } from './queries.ts';

/**
 * Wrong-password budgets for one account (decision 0047). Failures
 * count per (account, address) and per account; the per-account bound and its
 * growing delay apply only to addresses the account has not logged in from
 * lately, so whoever floods an account from elsewhere never locks its owner
 * out of her usual address.
 */
export interface PasswordGuardLimits {
  pair: { points: number; durationSec: number };
  account: { points: number; durationSec: number };
  freeFailures: number;
  firstDelaySec: number;
  maxDelaySec: number;
  knownAddressSec: number;
}

export const passwordGuardLimits: PasswordGuardLimits = {
  /** Wrong passwords from one address for one account; a right one clears it. */
  pair: { points: 10, durationSec: 15 * 60 },
  /** Wrong passwords for one account from addresses it has not logged in from, per day. */
  account: { points: 50, durationSec: 24 * 60 * 60 },
  /** Past this many (per account, same day), each failure makes those addresses wait, doubling. */
  freeFailures: 10,
  firstDelaySec: 30,
  maxDelaySec: 15 * 60,
  /** How long an address stays "hers" after a successful login or recovery. */
  knownAddressSec: 14 * 24 * 60 * 60,
};

/** The codes services throw for a wrong secret; any other failure is not a guess and is not counted. */
const wrongSecretCodes = new Set([
  'BAD_CREDENTIALS',
  'EMAIL_NOT_FOUND',
  'CURRENT_PASSWORD_WRONG',
  'WRONG_PASSWORD',
]);

/** Growing delay after the n-th failure of the day: none up to `freeFailures`, then 30 s, 60 s, … up to 15 min. */
export function failureDelaySec(failures: number, limits: PasswordGuardLimits = passwordGuardLimits): number {
  const over = failures - limits.freeFailures;
  if (over <= 0) return 0;
  return Math.min(limits.firstDelaySec * 2 ** (over - 1), limits.maxDelaySec);
}

/**
 * The key an account's budget is counted under: its e-mail (login knows nothing
 * else), hashed so the counter store never holds addresses in the clear.
 */
const subjectOf = (email: string) => sha256(`pw:${normEmail(email)}`).slice(0, 32);
const pairOf = (email: string, ip: string) => sha256(`pw:${normEmail(email)}|${ip}`).slice(0, 32);

export class PasswordGuard {
  private readonly pair: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly delay: RateLimiterAbstract;
  private readonly known: RateLimiterAbstract;
  private readonly counters: Counters;
  private readonly clock: Clock;
  private readonly limits: PasswordGuardLimits;

  constructor(counters: Counters, clock: Clock, limits: PasswordGuardLimits = passwordGuardLimits) {
    this.counters = counters;
    this.clock = clock;
    this.limits = limits;
    // Named counters are shared: every route that verifies a password draws on the same budget.
    this.pair = counters.limiter('pw-pair', limits.pair);
    this.account = counters.limiter('pw-account', limits.account);
    // Holds when the current delay ends, by the app's clock (a test moves it past the delay); the key's own
    // lifetime, the longest delay, only bounds how long it is stored.
    this.delay = counters.limiter('pw-delay', { points: 1, durationSec: limits.maxDelaySec });
    this.known = counters.limiter('pw-known', { points: 1, durationSec: limits.knownAddressSec });
  }

  /**
   * Runs `verify` (which checks the password and throws one of the wrong-secret
   * errors when it does not match) unless the budget is spent. Each try is
   * counted before the check, so a burst of parallel guesses cannot all slip
   * past a bound; a success, or a failure that was not a wrong secret, gives
   * the count back.
   */
  async attempt<T>(ip: string, email: string, verify: () => Promise<T>): Promise<T> {
    if (!this.counters.enabled) return verify();
    const subject = subjectOf(email);
    const pairKey = pairOf(email, ip);
    const known = (await this.known.get(pairKey)) !== null;
    if (!known) {
      const until = (await this.delay.get(subject))?.consumedPoints ?? 0;
      const left = until - this.clock.now().getTime();
      if (left > 0) throw blocked(left);
    }
    const pair = await this.pair.penalty(pairKey);
    if (pair.consumedPoints > this.limits.pair.points) throw blocked(pair.msBeforeNext);
    const account = known ? undefined : await this.account.penalty(subject);
    if (account && account.consumedPoints > this.limits.account.points) {
      throw blocked(account.msBeforeNext);
    }

    let result: T;
    try {
      result = await verify();
    } catch (err) {
      if (err instanceof AppError && wrongSecretCodes.has(err.code)) {
        const wait = account ? failureDelaySec(account.consumedPoints, this.limits) : 0;
        if (wait > 0) {
          const until = this.clock.now().getTime() + wait * 1000;
          await this.delay.set(subject, until, this.limits.maxDelaySec);
        }
      } else {
        await this.pair.reward(pairKey);
        if (account) await this.account.reward(subject);
      }
      throw err;
    }
    await this.pair.delete(pairKey);
    if (account) await this.account.reward(subject);
    await this.rememberAddress(email, ip);
    return result;
  }

  /**
   * The one way a route checks the password of the account it acts for (turning a factor off, the
   * fresh proof before a factor change...): the same budgets as a login. `wrong` is what a mismatch
   * answers; its code must be one of the wrong-secret codes so it is counted.
   */
  async checkPassword(
    db: DbOrTx,
    ip: string,
    account: { id: string; email: string },
    pass: string,
    wrong: AppError = unauthorized(msg.reauthPasswordWrong, 'WRONG_PASSWORD'),
  ): Promise<void> {
    await this.attempt(ip, account.email, async () => {
      if (!(await passwordMatches(db, account.id, pass))) throw wrong;
    });
  }

  /** Marks an address as the account owner's (after a login, or a recovery proven through her mailbox). */
  async rememberAddress(email: string, ip: string): Promise<void> {
    if (!this.counters.enabled) return;
    await this.known.set(pairOf(email, ip), 1, this.limits.knownAddressSec);
  }
}

/** The account's password is right (turning two-step login off asks for it again). */
async function passwordMatches(db: DbOrTx, accountId: string, pass: string): Promise<boolean> {
  const row = await findById(db, accountId);
  return Boolean(row && (await verifyPassword(row.passHash, pass)));
}

function blocked(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return rateLimited(msg.passwordTriesExceeded(minutes), 'RATE_LIMITED', msBeforeNext);
}
