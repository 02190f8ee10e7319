import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/lib/clock.ts';

/** A clock a test moves: windows are crossed at their edges without sleeping. */
export interface MovableClock extends Clock {
  set(d: Date): void;
  advance(ms: number): void;
}

/** Stopped at `start` until the test moves it. */
export function testClock(start = new Date()): MovableClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d) => {
      now = d.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * The wall clock plus an offset the test moves: time runs as usual (rows get distinct, ordered stamps)
 * until the test skips ahead instead of sleeping. createTestApp gives every app one unless the test
 * passes its own clock.
 */
export function runningClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (d) => {
      offset = d.getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The app's clock, which a test may move (createTestApp's running clock, or the test's own testClock). */
export function movableClock(app: FastifyInstance): MovableClock {
  const clock = app.services.clock as Partial<MovableClock>;
  if (typeof clock.advance !== 'function' || typeof clock.set !== 'function') {
    throw new Error('this app runs on a clock a test cannot move: build it with createTestApp()');
  }
  return clock as MovableClock;
}
