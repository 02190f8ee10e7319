import { randomInt } from 'node:crypto';

/** With REDIS_URL set (CI's PostgreSQL run) the rate-limit files count in Redis, as production does. */
export const redisEnv: Record<string, string> = process.env.REDIS_URL
  ? { REDIS_URL: process.env.REDIS_URL }
  : {};

// Redis counters outlive a run (up to a day): each run draws its own block of addresses.
const base = randomInt(0, 2 ** 14);
let next = 0;

/** A client address no other test (and, with Redis, no earlier run) has used. */
export function freshIp(): string {
  const n = base * 1024 + next++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
