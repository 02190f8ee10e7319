import { msg } from '@encanto/core/messages';
import type { MeetingPair } from '@encanto/core/marketplace';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findAccountByNickname, type NicknameAccount } from '../accounts/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  clickActive,
  escortMeetingWithClient,
  commentableMeeting,
  commentedOn,
  hasAnyMeeting,
  reviewHistory,
  setStatus,
  unratedMeeting,
  type MeetingRow,
} from './queries.ts';
import { reviewVisibleSql } from './window-queries.ts';
import { reviewEndOf } from './windows.ts';

/** The nav badge's count, which the live event streams send (modules/live). */
export { meetingSummary } from './my-meetings.ts';

export type Side = 'client' | 'escort';

export interface Pair {
  client: NicknameAccount;
  escort: NicknameAccount;
  /** Which side of the pair the caller is. */
  side: Side;
}

export const sameNick = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Identifies both parties of a meeting call from the session, never from the body:
 * the body's nickname for the caller's side must be the caller's own (else 403),
 * and the other nickname must name an account of the other kind (else 404).
 *
 * `hiddenAsMissing` (the meeting-state reads): a client naming an escort whose profile
 * is hidden (pending, paused, on hold, suspended) hears exactly what an unknown nickname
 * gets, the public card's 404, so these reads cannot tell the two apart.
 */
export async function resolvePair(
  db: DbOrTx,
  caller: SessionAccount,
  body: MeetingPair,
  allowed: readonly Side[] = ['client', 'escort'],
  options: { hiddenAsMissing?: boolean } = {},
): Promise<Pair> {
  if (caller.kind === 'admin' || !allowed.includes(caller.kind)) throw forbidden();
  const side: Side = caller.kind;
  const own = side === 'client' ? body.nickname_cliente : body.nickname_usuario;
  const other = side === 'client' ? body.nickname_usuario : body.nickname_cliente;
  if (!sameNick(own, caller.nickname)) throw forbidden();
  const [self, counterpart] = await Promise.all([
    findAccountByNickname(db, caller.nickname),
    findAccountByNickname(db, other),
  ]);
  const otherKind = side === 'client' ? 'escort' : 'client';
  if (!self) throw forbidden();
  if (side === 'client' && options.hiddenAsMissing) {
    // The public card's answer for a hidden or missing profile (directory publicEscort).
    if (counterpart?.kind !== 'escort' || !counterpart.profile?.public) throw notFound();
  }
  if (!counterpart || counterpart.kind !== otherKind) {
    throw notFound(side === 'client' ? msg.profileUnavailable : msg.clientCardMissing);
  }
  return side === 'client'
    ? { client: self, escort: counterpart, side }
    : { client: counterpart, escort: self, side };
}

// ---- For the features built on meetings (comments, ratings) ------------------------
// A review belongs to a meeting and a side. Each side may review from the meeting time
// (decision 0157) until 14 days after it, whatever the other side did; visibility is
// derived from the two reviews and the window (reviewVisibleSql), never stored.

/** The meeting the client's next comment reviews (window open, none yet), locked for the transaction. */
export function lockCommentableMeeting(tx: Tx, clientId: string, escortId: string, now: Date) {
  return commentableMeeting(tx, clientId, escortId, now, true);
}

/** The meeting `side` may rate now (window open, not rated by that side), locked for the transaction. */
export function lockUnratedMeeting(tx: Tx, clientId: string, escortId: string, side: Side, now: Date) {
  return unratedMeeting(tx, clientId, escortId, side, now, true);
}

/** Whether the pair ever met, whether any accepted meeting's review is open, or still ahead (its time to come). */
export function reviewStatus(db: DbOrTx, clientId: string, escortId: string, now: Date) {
  return reviewHistory(db, clientId, escortId, now);
}

/** A comment marks its meeting commented; the meeting stays as it was (open or closed). */
export async function markCommented(tx: Tx, meetingId: string, now: Date): Promise<void> {
  await setStatus(tx, meetingId, now, { comentado: true });
}

/** A rating marks its meeting evaluated by `side`; it closes nothing and shortens no window. */
export async function markRated(tx: Tx, meeting: MeetingRow, side: Side, now: Date): Promise<void> {
  await setStatus(
    tx,
    meeting.id,
    now,
    side === 'client' ? { evaluadoCliente: true, comentado: false } : { evaluadoEscort: true },
  );
}

/** The client may use "No Me Gusta" on this escort's comments. */
export function mayDislike(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  return clickActive(db, clientId, escortId);
}

/** Whether the client commented the escort on a day (YYYY-MM-DD in Chile). */
export function hasCommentedOn(db: DbOrTx, clientId: string, escortId: string, fecha: string) {
  return commentedOn(db, clientId, escortId, fecha);
}

/** The two have had a meeting of any status (a request is enough). */
export function haveAnyMeeting(db: DbOrTx, clientId: string, escortId: string): Promise<boolean> {
  return hasAnyMeeting(db, clientId, escortId);
}

/** When reviews of a meeting are published at the latest (its window's end). */
export const reviewDeadline = reviewEndOf;

/** SQL condition: reviews of the meeting `meetingId` are visible to everyone at `now`. */
export const reviewVisible = reviewVisibleSql;

/** The escort's meeting by id with the client's nickname, or undefined when it is not hers. */
export const escortMeetingDetails = (db: DbOrTx, escortId: string, id: string) =>
  escortMeetingWithClient(db, escortId, id);
