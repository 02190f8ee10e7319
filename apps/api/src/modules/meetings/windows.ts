import { meetingRules } from '@encanto/core/meetings';

/**
 * The windows a meeting opens, derived from its time alone (never from what
 * the other side did): the conversation lasts until 7 days after the meeting,
 * each side may review from its time until 14 days after it. A meeting without a time (a
 * request made before details existed) counts from its acceptance. The same
 * windows as SQL conditions are in window-queries.ts.
 */
export interface Timed {
  fechaHora: Date | null;
  acceptedAt: Date | null;
}

export const meetingTimeOf = (m: Timed): Date | null => m.fechaHora ?? m.acceptedAt;

const plus = (d: Date | null, ms: number) => (d ? new Date(d.getTime() + ms) : null);

/** A review opens at the meeting's time, never before it happened (decision 0157). */
export const reviewStartOf = (m: Timed) => (m.acceptedAt ? meetingTimeOf(m) : null);
export const reviewEndOf = (m: Timed) =>
  m.acceptedAt ? plus(meetingTimeOf(m), meetingRules.reviewAfterMs) : null;
export const conversationEndOf = (m: Timed) =>
  m.acceptedAt ? plus(meetingTimeOf(m), meetingRules.conversationAfterMs) : null;
