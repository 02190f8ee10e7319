import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { msg } from '@encanto/core/messages';
import {
  CHECKIN_DAILY_PER_ACCOUNT,
  CHECKIN_MAILS_PER_ADDRESS,
  CHECKIN_NEW_CONTACTS_PER_ACCOUNT,
} from '@encanto/core/safety';
import type { Counters } from '../../lib/counters.ts';
import { rateLimited, type AppError } from '../../errors.ts';

const DAY_SEC = 24 * 60 * 60;

/**
 * The daily budgets a check-in draws on (lib/counters.ts: in Redis when there
 * is one, so every instance counts together). Per account: check-ins started,
 * and new contacts named (each is one invitation). Per contact address, across
 * all accounts: the mails the check-ins may send it. A check-in's mail is
 * counted when it starts, since that is when it can still be refused: the
 * invitation to a new contact, or the alert to a contact who already
 * confirmed. A contact who has not confirmed costs nothing (nothing can reach
 * them), so one account cannot spend the budget of an address that never
 * accepted it. An alert, once its check-in started, is never held back.
 */
export const checkinBudgets = {
  account: { points: CHECKIN_DAILY_PER_ACCOUNT, durationSec: DAY_SEC },
  newContacts: { points: CHECKIN_NEW_CONTACTS_PER_ACCOUNT, durationSec: DAY_SEC },
  address: { points: CHECKIN_MAILS_PER_ADDRESS, durationSec: DAY_SEC },
} as const;

export interface Spent {
  /** Gives the points back (the check-in was not started after all). */
  refund(): Promise<void>;
}

/** Spends one point of each budget that applies, or refunds what it took and throws the Spanish 429. */
export async function spendCheckinBudgets(
  counters: Counters,
  accountId: string,
  address: string,
  need: { newContact: boolean; mailsContact: boolean },
): Promise<Spent> {
  const taken: [RateLimiterAbstract, string][] = [];
  const refund = async () => {
    for (const [limiter, key] of taken.splice(0)) await limiter.reward(key, 1);
  };
  if (!counters.enabled) return { refund };
  const take = async (
    name: keyof typeof checkinBudgets,
    key: string,
    refusal: (retryAfterMs: number) => AppError,
  ) => {
    const spec = checkinBudgets[name];
    const limiter = counters.limiter(`checkin-${name}`, spec);
    const res = await limiter.penalty(key, 1);
    taken.push([limiter, key]);
    if (res.consumedPoints > spec.points) {
      await refund();
      throw refusal(res.msBeforeNext);
    }
  };
  await take('account', accountId, (ms) =>
    rateLimited(msg.checkinDailyLimit(CHECKIN_DAILY_PER_ACCOUNT), 'CHECKIN_DAILY_LIMIT', ms),
  );
  if (need.newContact)
    await take('newContacts', accountId, (ms) =>
      rateLimited(msg.checkinNewContactLimit(CHECKIN_NEW_CONTACTS_PER_ACCOUNT), 'CHECKIN_CONTACT_LIMIT', ms),
    );
  if (need.mailsContact)
    await take('address', address, (ms) => rateLimited(msg.checkinAddressLimit, 'CHECKIN_ADDRESS_LIMIT', ms));
  return { refund };
}
