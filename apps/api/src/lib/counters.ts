import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A named counter family: `points` per key within `durationSec`, then it resets. */
export interface CounterSpec {
  points: number;
  durationSec: number;
}

/**
 * Counters that a route bumps only on some outcomes (a wrong password) and
 * clears on others (a right one), which per-request rate limits cannot do.
 * They live in Redis when REDIS_URL is set, so every instance sees the same
 * numbers; if Redis fails, each call falls back to a counter in this process
 * (the limit then holds per instance instead of being skipped).
 */
export interface Counters {
  /** false when RATE_LIMIT=false: callers skip every check. */
  readonly enabled: boolean;
  /** The one limiter for `name`: asking twice gives the same counters. */
  limiter(name: string, spec: CounterSpec): RateLimiterAbstract;
}

export function createCounters(options: {
  redis: Redis | undefined;
  enabled: boolean;
  /** Keeps independent sets of counters apart in one Redis (tests). */
  prefix?: string;
}): Counters {
  const made = new Map<string, RateLimiterAbstract>();
  return {
    enabled: options.enabled,
    limiter(name, spec) {
      const existing = made.get(name);
      if (existing) return existing;
      const base = {
        keyPrefix: `encanto-c:${options.prefix ?? ''}${name}`,
        points: spec.points,
        duration: spec.durationSec,
      };
      const limiter = options.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: options.redis,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
      made.set(name, limiter);
      return limiter;
    },
  };
}
