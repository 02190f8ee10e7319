import type { Clock } from '../../src/lib/clock.ts';

/** A clock a test moves: windows are crossed at their edges without sleeping. */
export function testClock(start = new Date()): Clock & { set(d: Date): void; advance(ms: number): void } {
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
