import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError, unauthorized } from '../../src/errors.ts';
import { createCounters } from '../../src/lib/counters.ts';
import type { Clock } from '../../src/lib/clock.ts';
import {
  failureDelaySec,
  passwordGuardLimits,
  PasswordGuard,
  type PasswordGuardLimits,
} from '../../src/modules/accounts/password-guard.ts';
import { freshIp } from './rate-limit-helpers.ts';
import { testClock } from '../helpers/clock.ts';

// The guard on its own, with small bounds so the day's budget and the delays show in a second.
// Same counters as the app: in Redis when REDIS_URL is set, else in memory.
let redis: Redis | undefined;
beforeAll(() => {
  if (process.env.REDIS_URL) redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(() => {
  redis?.disconnect();
});

const small: PasswordGuardLimits = {
  ...passwordGuardLimits,
  pair: { points: 3, durationSec: 60 },
  account: { points: 5, durationSec: 60 },
  freeFailures: 2,
  firstDelaySec: 1,
  maxDelaySec: 2,
};
const guardWith = (limits: PasswordGuardLimits, enabled = true, clock: Clock = testClock()) =>
  // A prefix per guard: each test counts on its own keys.
  new PasswordGuard(
    createCounters({ redis, enabled, prefix: randomBytes(4).toString('hex') }),
    clock,
    limits,
  );
const email = () => `g${randomBytes(4).toString('hex')}@correo.cl`;
const wrong = () => Promise.reject(unauthorized('x', 'BAD_CREDENTIALS'));
const right = () => Promise.resolve('ok');

/** The status a try ends with: 200, 401 (verified, wrong) or 429 (refused unverified), and Retry-After. */
async function tryOnce(guard: PasswordGuard, ip: string, mail: string, verify: () => Promise<string>) {
  try {
    await guard.attempt(ip, mail, verify);
    return { status: 200, retry: undefined };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, retry: err.retryAfterSec };
  }
}

describe('password guard', () => {
  it('the delay doubles after the free failures, up to its cap', () => {
    const delays = [9, 10, 11, 12, 13, 14, 15, 16, 30].map((n) => failureDelaySec(n));
    expect(delays).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('unknown addresses wait a growing delay, then the day budget ends', async () => {
    // The delays are counted on the guard's clock, moved past each one instead of sleeping.
    const clock = testClock();
    const guard = guardWith(small, true, clock);
    const mail = email();
    expect((await tryOnce(guard, freshIp(), mail, wrong)).status).toBe(401);
    expect((await tryOnce(guard, freshIp(), mail, wrong)).status).toBe(401);
    // The third failure (first past the free two) starts a 1 s wait.
    expect((await tryOnce(guard, freshIp(), mail, wrong)).status).toBe(401);
    expect(await tryOnce(guard, freshIp(), mail, right)).toEqual({ status: 429, retry: 1 });
    clock.advance(1100);
    expect((await tryOnce(guard, freshIp(), mail, wrong)).status).toBe(401);
    // The fourth failure doubles it; the fifth stays at the cap.
    expect(await tryOnce(guard, freshIp(), mail, right)).toEqual({ status: 429, retry: 2 });
    clock.advance(2100);
    expect((await tryOnce(guard, freshIp(), mail, wrong)).status).toBe(401);
    expect(await tryOnce(guard, freshIp(), mail, right)).toEqual({ status: 429, retry: 2 });
    clock.advance(2100);
    // Five failures from unknown addresses: the budget is spent, no waiting helps until the window ends.
    const spent = await tryOnce(guard, freshIp(), mail, right);
    expect(spent.status).toBe(429);
    expect(spent.retry).toBeGreaterThan(40);
  });

  it('a parallel burst cannot outrun the bound: tries are counted before the check', async () => {
    const guard = guardWith({ ...small, freeFailures: 100 });
    const mail = email();
    // The verifications are held until every try of the burst has reached one or been refused, so all
    // twenty are in flight at once, as against slow password hashing. Before the release, a try can only
    // end refused: a verified one is still held.
    const burst = 20;
    let verified = 0;
    let ended = 0;
    let release = () => {};
    const allIn = new Promise<void>((resolve) => (release = resolve));
    const whenAllIn = () => {
      if (verified + ended === burst) release();
    };
    const slowWrong = async (): Promise<string> => {
      verified++;
      whenAllIn();
      await allIn;
      return wrong();
    };
    const results = await Promise.all(
      Array.from({ length: burst }, () =>
        tryOnce(guard, freshIp(), mail, slowWrong).then((result) => {
          ended++;
          whenAllIn();
          return result;
        }),
      ),
    );
    expect(verified).toBe(small.account.points);
    expect(results.filter((r) => r.status === 429)).toHaveLength(burst - small.account.points);
  });

  it("the owner's known address skips the account bound but keeps its own pair limit", async () => {
    const guard = guardWith(small);
    const mail = email();
    const home = freshIp();
    expect((await tryOnce(guard, home, mail, right)).status).toBe(200);
    for (let i = 0; i < small.account.points; i++) await tryOnce(guard, freshIp(), mail, wrong);
    expect((await tryOnce(guard, freshIp(), mail, right)).status).toBe(429);
    expect((await tryOnce(guard, home, mail, right)).status).toBe(200);
    for (let i = 0; i < small.pair.points; i++) {
      expect((await tryOnce(guard, home, mail, wrong)).status).toBe(401);
    }
    expect((await tryOnce(guard, home, mail, right)).status).toBe(429);
  });

  it('a failure that is not a wrong password is not counted', async () => {
    const guard = guardWith(small);
    const mail = email();
    const ip = freshIp();
    const broken = () => Promise.reject(new AppError(503, 'DATABASE_UNAVAILABLE', 'x'));
    for (let i = 0; i < 10; i++) expect((await tryOnce(guard, ip, mail, broken)).status).toBe(503);
    expect((await tryOnce(guard, ip, mail, right)).status).toBe(200);
  });

  it('RATE_LIMIT=false turns it off', async () => {
    const guard = guardWith(small, false);
    const mail = email();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await tryOnce(guard, ip, mail, wrong)).status).toBe(401);
    expect((await tryOnce(guard, ip, mail, right)).status).toBe(200);
  });

  it('with Redis down the counters fall back to the process instead of letting guesses through', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    try {
      const guard = new PasswordGuard(createCounters({ redis: down, enabled: true }), testClock(), small);
      const mail = email();
      const ip = freshIp();
      for (let i = 0; i < small.pair.points; i++) {
        expect((await tryOnce(guard, ip, mail, wrong)).status).toBe(401);
      }
      expect((await tryOnce(guard, ip, mail, right)).status).toBe(429);
    } finally {
      down.disconnect();
    }
  });
});
