import { msg } from '@encanto/core/messages';
import {
  averagesFrom,
  type Averages,
  type ClientRatingBody,
  type EscortRatingBody,
} from '@encanto/core/marketplace';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findAccountByNickname, findReadableEscort } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import {
  haveAnyMeeting,
  lockUnratedMeeting,
  markRated,
  resolvePair,
  reviewStatus,
  type Side,
} from '../meetings/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  countAllVisible,
  countMeetingIfVisible,
  insertClientRating,
  insertEscortRating,
  readTotals,
} from './queries.ts';

type RatingDeps = Pick<Deps, 'db' | 'clock'>;

/** Averages from the running sums, which hold published ratings only: a hidden rating never moves them. */
export async function averagesOf(db: DbOrTx, accountId: string): Promise<Averages> {
  const t = await readTotals(db, accountId);
  return averagesFrom({
    count: t?.count ?? 0,
    sums: [t?.sum1 ?? 0, t?.sum2 ?? 0, t?.sum3 ?? 0, t?.sum4 ?? 0, t?.sum5 ?? 0],
  });
}

/** An escort's averages: any signed-in account while her profile is public (the card shows them); herself and admins while it is hidden. */
export async function escortAverages(
  db: DbOrTx,
  caller: SessionAccount,
  nickname: string,
): Promise<Averages> {
  const escort = await findReadableEscort(db, nickname, caller);
  if (!escort) throw notFound(msg.profileUnavailable);
  return averagesOf(db, escort.id);
}

/** A client's averages: the client, admins, and escorts who had a meeting with the client. */
export async function clientAverages(
  db: DbOrTx,
  caller: SessionAccount,
  nickname: string,
): Promise<Averages> {
  const client = await findAccountByNickname(db, nickname);
  if (!client || client.kind !== 'client') throw notFound(msg.clientCardMissing);
  const allowed =
    caller.kind === 'admin' ||
    caller.id === client.id ||
    (caller.kind === 'escort' && (await haveAnyMeeting(db, client.id, caller.id)));
  if (!allowed) throw forbidden();
  return averagesOf(db, client.id);
}

/**
 * The accepted meeting this side may rate now (window open, not rated by this
 * side), locked for the rating's transaction. Without one: never met (403), the
 * meeting's time still ahead (409), every window ended (403), or already rated (409).
 */
async function rateableMeeting(tx: Tx, clientId: string, escortId: string, side: Side, now: Date) {
  const meeting = await lockUnratedMeeting(tx, clientId, escortId, side, now);
  if (meeting) return meeting;
  const status = await reviewStatus(tx, clientId, escortId, now);
  if (!status.met) throw forbidden(msg.ratingAccessRequired, 'NO_MEETING');
  // Not before the meeting happened (decision 0157): its review opens at its time.
  if (!status.open && status.ahead) throw conflict(msg.reviewNotYetOpen, 'REVIEW_NOT_YET_OPEN');
  if (!status.open) throw forbidden(msg.reviewWindowClosed, 'REVIEW_WINDOW_CLOSED');
  throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
}

/**
 * A rating is stored uncounted; when it completes the meeting's two reviews,
 * both ratings of that meeting join the running sums in the same transaction.
 */
async function publishIfComplete(tx: Tx, meetingId: string, now: Date): Promise<void> {
  await countMeetingIfVisible(tx, meetingId, now);
}

/**
 * A client rates an escort, in one transaction: the meeting is locked (so two
 * reviews of it serialise), the rating row written (unique per meeting) and the
 * meeting marked rated by the client. Nothing closes; the escort's own window
 * is untouched. The answer's averages leave out ratings still hidden.
 */
export async function rateEscort(
  deps: RatingDeps,
  caller: SessionAccount,
  body: EscortRatingBody,
): Promise<Averages> {
  const { db, clock } = deps;
  if (caller.kind !== 'client' || body.calificador.trim().toLowerCase() !== caller.nickname.toLowerCase())
    throw forbidden();
  const pair = await resolvePair(
    db,
    caller,
    { nickname_cliente: body.calificador, nickname_usuario: body.nickname_usuario },
    ['client'],
  );
  if (await isBlocked(db, pair.escort.id, pair.client.id)) throw forbidden();
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      const meeting = await rateableMeeting(tx, pair.client.id, pair.escort.id, 'client', now);
      const { nota1, nota2, nota3, nota4, nota5 } = body;
      await insertEscortRating(tx, {
        meetingId: meeting.id,
        escortId: pair.escort.id,
        raterId: pair.client.id,
        calificador: pair.client.nickname,
        nota1,
        nota2,
        nota3,
        nota4,
        nota5,
        counted: false,
        createdAt: now,
      });
      await markRated(tx, meeting, 'client', now);
      await publishIfComplete(tx, meeting.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
    throw err;
  }
  return averagesOf(db, pair.escort.id);
}

/**
 * An escort rates a client she accepted, in one transaction, like rateEscort.
 * A conversation token, when sent, must be the one issued for that meeting.
 */
export async function rateClient(
  deps: RatingDeps,
  caller: SessionAccount,
  body: ClientRatingBody,
): Promise<Averages> {
  const { db, clock } = deps;
  if (caller.kind !== 'escort' || body.calificador.trim().toLowerCase() !== caller.nickname.toLowerCase())
    throw forbidden();
  const pair = await resolvePair(
    db,
    caller,
    { nickname_cliente: body.nickname_cliente, nickname_usuario: body.calificador },
    ['escort'],
  );
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      const meeting = await rateableMeeting(tx, pair.client.id, pair.escort.id, 'escort', now);
      if (
        body.token_conversacion &&
        meeting.tokenHash &&
        sha256(body.token_conversacion) !== meeting.tokenHash
      )
        throw forbidden();
      const { nota1, nota2, nota3, nota4, nota5 } = body;
      await insertClientRating(tx, {
        meetingId: meeting.id,
        clientId: pair.client.id,
        raterId: pair.escort.id,
        calificador: pair.escort.nickname,
        nota1,
        nota2,
        nota3,
        nota4,
        nota5,
        comentario: body.comentario || null,
        counted: false,
        createdAt: now,
      });
      await markRated(tx, meeting, 'escort', now);
      await publishIfComplete(tx, meeting.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
    throw err;
  }
  return averagesOf(db, pair.client.id);
}

/**
 * The sweep every instance runs: ratings whose window ended (or whose meeting
 * is gone) are visible from that moment, and join the sums here. Safe to run
 * anywhere at once: each rating is counted by exactly one conditional update.
 */
export async function publishDueReviews(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => countAllVisible(tx, now));
}
