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
