/** The time services read. Tests hand the app a clock they move, to cross review and conversation windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
