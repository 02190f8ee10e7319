import { msg } from '@encanto/core/messages';
import {
  averagesFrom,
  type Averages,
  type ClientRatingBody,
  type EscortRatingBody,
} from '@encanto/core/marketplace';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { clientRatings, escortRatings } from '../../db/schema/index.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findAccountByNickname, findReadableEscort } from '../accounts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import { haveAnyMeeting, haveMet, lockUnratedMeeting, markRated, resolvePair } from '../meetings/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { addToTotals, readTotals } from './queries.ts';

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
 * A client rates an escort, in one transaction: the latest accepted meeting the
 * client has not rated is locked; the rating row (unique per meeting) and the
 * running sums are written; the meeting is marked evaluated by the client, the
 * commented state resets and an open meeting closes.
 */
export async function rateEscort(db: Db, caller: SessionAccount, body: EscortRatingBody): Promise<Averages> {
  if (caller.kind !== 'client' || body.calificador.trim().toLowerCase() !== caller.nickname.toLowerCase())
    throw forbidden();
  const pair = await resolvePair(
    db,
    caller,
    { nickname_cliente: body.calificador, nickname_usuario: body.nickname_usuario },
    ['client'],
  );
  if (await isBlocked(db, pair.escort.id, pair.client.id)) throw forbidden();
  try {
    await db.transaction(async (tx) => {
      const meeting = await rateableMeeting(tx, pair.client.id, pair.escort.id, 'client');
      const { nota1, nota2, nota3, nota4, nota5 } = body;
      await tx.insert(escortRatings).values({
        meetingId: meeting.id,
        escortId: pair.escort.id,
        raterId: pair.client.id,
        calificador: pair.client.nickname,
        nota1,
        nota2,
        nota3,
        nota4,
        nota5,
      });
      await addToTotals(tx, pair.escort.id, body);
      await markRated(tx, meeting, 'client');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
    throw err;
  }
  return averagesOf(db, pair.escort.id);
}

/**
 * The accepted meeting this side has not rated yet, locked for the rating's
 * transaction; an already-rated pair is 409, a pair that never met is 403.
 */
async function rateableMeeting(tx: Tx, clientId: string, escortId: string, side: 'client' | 'escort') {
  const meeting = await lockUnratedMeeting(tx, clientId, escortId, side);
  if (meeting) return meeting;
  if (await haveMet(tx, clientId, escortId)) throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
  throw forbidden(msg.ratingAccessRequired, 'NO_MEETING');
}

/**
 * An escort rates a client she accepted, in one transaction: rating row (unique
 * per meeting), running sums, the meeting marked evaluated by the escort and closed.
 * A conversation token, when sent, must be the one issued for that meeting.
 */
export async function rateClient(db: Db, caller: SessionAccount, body: ClientRatingBody): Promise<Averages> {
  if (caller.kind !== 'escort' || body.calificador.trim().toLowerCase() !== caller.nickname.toLowerCase())
    throw forbidden();
  const pair = await resolvePair(
    db,
    caller,
    { nickname_cliente: body.nickname_cliente, nickname_usuario: body.calificador },
    ['escort'],
  );
  try {
    await db.transaction(async (tx) => {
      const meeting = await rateableMeeting(tx, pair.client.id, pair.escort.id, 'escort');
      if (
        body.token_conversacion &&
        meeting.tokenHash &&
        sha256(body.token_conversacion) !== meeting.tokenHash
      )
        throw forbidden();
      const { nota1, nota2, nota3, nota4, nota5 } = body;
      await tx.insert(clientRatings).values({
        meetingId: meeting.id,
        clientId: pair.client.id,
        raterId: pair.escort.id,
        calificador: pair.escort.nickname,
        nota1,
        nota2,
        nota3,
        nota4,
        nota5,
      });
      await addToTotals(tx, pair.client.id, body);
      await markRated(tx, meeting, 'escort');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.ratingDuplicate, 'ALREADY_RATED');
    throw err;
  }
  return averagesOf(db, pair.client.id);
}
