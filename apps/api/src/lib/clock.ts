import fs from 'node:fs';
/**
 * The time services read. Every rule with a time window, every stamp the app writes and every background
 * job reads it (`deps.clock.now()`, `app.services.clock`, or a `now` passed down), never the wall clock:
 * tests hand the app a clock they move (test/helpers/clock.ts) to cross windows at their edges without
 * sleeping. The "api one clock" rule in eslint.config.js enforces it.
 */
export interface Clock {
  now(): Date;
}

// The one place the API reads the wall clock: everything else is handed this clock, or a test's.
// eslint-disable-next-line no-restricted-syntax
export const systemClock: Clock = { now: () => new Date() };

/**
 * Browser tests only (config TEST_CLOCK_FILE): the wall clock plus the milliseconds written in `file`
 * (none or unreadable: zero), read again at most every 50 ms, so a test moves the server's time forward
 * (a meeting's time comes, decision 0157) and back without restarting it.
 */
export function offsetClock(file: string): Clock {
  let offset = 0;
  let readAt = -Infinity;
  return {
    now: () => {
      // eslint-disable-next-line no-restricted-syntax
      const wall = Date.now();
      if (wall - readAt > 50) {
        readAt = wall;
        try {
          offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0;
        } catch {
          offset = 0;
        }
      }
      return new Date(wall + offset);
    },
  };
}
