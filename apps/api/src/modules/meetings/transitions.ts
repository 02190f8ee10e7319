import { countEvent } from '../statistics/service.ts';
import { msg } from '@encanto/core/messages';
import type { AcceptResult } from '@encanto/core/marketplace';
import type { RequestDetails } from '@encanto/core/meetings';
import type { meetingStatusValues } from '@encanto/core/marketplace';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound, isUniqueViolation } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { refusesRequestFrom } from '../alerts/service.ts';
import { isBlocked } from '../blocks/service.ts';
import { notify, type NotificationEvent } from '../notifications/service.ts';
import {
  closeOtherAccepted,
  dismissPair,
  expireStalePending,
  hasAcceptedMeeting,
  insertMeeting,
  openAcceptedMeeting,
  pendingMeeting,
  setStatus,
  turnClickOff,
  unratedMeeting,
  type MeetingRow,
} from './queries.ts';
import type { Pair } from './service.ts';

// The transitions of a meeting, one transaction each; the mail each one causes
// is queued in the same transaction (notifications → outbox).

type MeetingStatus = (typeof meetingStatusValues)[number];

export type MeetingDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'live'>;
type StateDeps = Pick<Deps, 'db' | 'clock' | 'live'>;

/**
 * Tells both members' open pages that the meeting changed (live events, decision 0158). Called after
 * the transaction commits, so a page that rereads on the event finds the new state.
 */
const announce = (deps: Pick<Deps, 'live'>, pair: Pair, cita: string, estado: MeetingStatus) =>
  deps.live.publish([pair.client.id, pair.escort.id], { tipo: 'cita', cita, estado });

const tell = (tx: Tx, deps: MeetingDeps, to: Pair['client'], event: NotificationEvent, meetingId: string) =>
  notify(tx, deps, { id: to.id, email: to.email, kind: to.kind }, event, meetingId);

/** The pending request, locked; 404 when there is none. */
async function lockPending(tx: Tx, pair: Pair): Promise<MeetingRow> {
  const row = await pendingMeeting(tx, pair.client.id, pair.escort.id, true);
  if (!row) throw notFound(msg.meetingNotFound);
  return row;
}

const passed = (at: Date | null, now: Date) => at !== null && at.getTime() < now.getTime();

/**
 * A client asks an escort for a meeting at a time, for a duration, at a place,
 * with an optional message: approved clients only, escorts with a public card who are disponible, one
 * pending request per pair (a pending one whose time passed is withdrawn first).
 */
export async function requestMeeting(
  deps: MeetingDeps,
  pair: Pair,
  details: RequestDetails,
): Promise<string> {
  const { db, clock } = deps;
  const { client, escort } = pair;
  if (client.autorizado !== 'aprobado') throw forbidden(msg.requestNotAuthorized, 'NOT_AUTHORIZED');
  // A blocked client hears the same neutral refusal as any other forbidden act.
  if (await isBlocked(db, escort.id, client.id)) throw forbidden();
  // She refuses clients with a confirmed safety alert: the same neutral refusal, so the alert is not
  // revealed by the answer (decision 0171).
  if (await refusesRequestFrom(db, escort.id, client.id, clock.now())) throw forbidden();
  // Her card is open and she says she is available; whether her profile is complete enough to be
  // listed (decision 0153) does not matter to a client who already has her card.
  if (!escort.profile?.public || escort.profile.estado !== 'disponible')
    throw notFound(msg.profileUnavailable);
  const now = clock.now();
  try {
    const id = await db.transaction(async (tx) => {
      await expireStalePending(tx, client.id, escort.id, now);
      const id = await insertMeeting(tx, {
        clientId: client.id,
        escortId: escort.id,
        fechaHora: new Date(details.fecha_hora),
        duracionMin: details.duracion_min,
        lugar: details.lugar,
        mensaje: details.mensaje ? details.mensaje : null,
        createdAt: now,
        updatedAt: now,
      });
      await tell(tx, deps, escort, 'solicitud', id);
      await countEvent(tx, escort.id, 'requests', now);
      return id;
    });
    announce(deps, pair, id, 'pendiente');
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.requestPending, 'REQUEST_PENDING');
    throw err;
  }
}

/** The client withdraws a pending request (the cancel link), proposal or not. */
export async function cancelRequest(deps: StateDeps, pair: Pair): Promise<void> {
  const row = await pendingMeeting(deps.db, pair.client.id, pair.escort.id);
  if (!row) throw notFound(msg.meetingNotFound);
  const now = deps.clock.now();
  await setStatus(deps.db, row.id, now, { status: 'cancelada', closedAt: now });
  announce(deps, pair, row.id, 'cancelada');
}

/** The escort turns a pending request down, optionally saying why (the client reads it). */
export async function rejectRequest(deps: MeetingDeps, pair: Pair, motivo?: string): Promise<void> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, pair);
    await setStatus(tx, row.id, now, {
      status: 'rechazada',
      closedAt: now,
      motivoRechazo: motivo ? motivo : null,
      propuestaFechaHora: null,
    });
    await tell(tx, deps, pair.client, 'rechazada', row.id);
    return row.id;
  });
  announce(deps, pair, id, 'rechazada');
}

/** The escort proposes another time for the pending request; the client accepts it or cancels. */
export async function proposeTime(deps: MeetingDeps, pair: Pair, fechaHora: string): Promise<string> {
  if (await isBlocked(deps.db, pair.escort.id, pair.client.id)) throw forbidden();
  const id = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, pair);
    await setStatus(tx, row.id, deps.clock.now(), { propuestaFechaHora: new Date(fechaHora) });
    await tell(tx, deps, pair.client, 'propuesta', row.id);
    return row.id;
  });
  announce(deps, pair, id, 'pendiente');
  return id;
}

/** Turns a locked pending request into the pair's one open accepted meeting, with a fresh token. */
async function acceptRow(tx: Tx, pair: Pair, row: MeetingRow, now: Date, fechaHora: Date | null) {
  const token = randomToken();
  const first = !(await hasAcceptedMeeting(tx, pair.client.id, pair.escort.id));
  await closeOtherAccepted(tx, pair.client.id, pair.escort.id, row.id, now);
  await setStatus(tx, row.id, now, {
    status: 'aceptada',
    acceso: true,
    click: true,
    comentado: false,
    tokenHash: sha256(token),
    acceptedAt: now,
    fechaHora,
    propuestaFechaHora: null,
  });
  return { token, first };
}

/**
 * The escort accepts, in one transaction: the pending request becomes aceptada
 * at the requested time (a proposal of hers is dropped), older accepted
 * meetings of the pair close, and a fresh conversation token is returned (only
 * its hash is kept). A request whose time passed cannot be accepted (409).
 * With `orCurrent`, an already accepted meeting is refreshed instead of failing
 * (the escort-side "crear-o-actualizar" flow).
 */
export async function acceptRequest(
  deps: MeetingDeps,
  pair: Pair,
  options: { orCurrent?: boolean } = {},
): Promise<AcceptResult & { cita: string }> {
  const { db, clock } = deps;
  const { client, escort } = pair;
  if (await isBlocked(db, escort.id, client.id)) throw forbidden();
  const now = clock.now();
  const result = await db.transaction(async (tx) => {
    const pending = await pendingMeeting(tx, client.id, escort.id, true);
    if (!pending) {
      const current = options.orCurrent
        ? await openAcceptedMeeting(tx, client.id, escort.id, true)
        : undefined;
      if (!current) throw notFound(msg.meetingNotFound);
      const token = randomToken();
      await setStatus(tx, current.id, now, { tokenHash: sha256(token) });
      return { mensaje: msg.conversationUpdated, token, cita: current.id };
    }
    if (passed(pending.fechaHora, now)) throw conflict(msg.requestExpired, 'REQUEST_EXPIRED');
    const { token, first } = await acceptRow(tx, pair, pending, now, pending.fechaHora);
    await tell(tx, deps, client, 'aceptada', pending.id);
    return {
      mensaje: first ? msg.conversationCreatedAccepted : msg.conversationAccepted,
      token,
      cita: pending.id,
    };
  });
  announce(deps, pair, result.cita, 'aceptada');
  return result;
}

/** The client accepts the escort's proposed time: the meeting is accepted at that time. */
export async function acceptProposal(deps: MeetingDeps, pair: Pair): Promise<string> {
  const { db, clock } = deps;
  if (await isBlocked(db, pair.escort.id, pair.client.id)) throw forbidden();
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const row = await lockPending(tx, pair);
    if (!row.propuestaFechaHora) throw notFound(msg.proposalMissing, 'NO_PROPOSAL');
    if (passed(row.propuestaFechaHora, now)) throw conflict(msg.requestExpired, 'REQUEST_EXPIRED');
    await acceptRow(tx, pair, row, now, row.propuestaFechaHora);
    await tell(tx, deps, pair.escort, 'propuestaAceptada', row.id);
    return row.id;
  });
  announce(deps, pair, id, 'aceptada');
  return id;
}

/**
 * Either side closes the pair's open meeting: an accepted one becomes cerrada
 * (its conversation ends; reviews keep their own window); a pending one is
 * cancelled by the client or rejected by the escort.
 */
export async function closeMeeting(deps: StateDeps, pair: Pair): Promise<void> {
  const now = deps.clock.now();
  const [id, estado] = await deps.db.transaction(async (tx): Promise<[string, MeetingStatus]> => {
    const accepted = await openAcceptedMeeting(tx, pair.client.id, pair.escort.id, true);
    if (accepted) {
      await setStatus(tx, accepted.id, now, { status: 'cerrada', acceso: false, closedAt: now });
      return [accepted.id, 'cerrada'];
    }
    const pending = await pendingMeeting(tx, pair.client.id, pair.escort.id, true);
    if (!pending) throw notFound(msg.meetingNotFound);
    const status = pair.side === 'client' ? 'cancelada' : 'rechazada';
    await setStatus(tx, pending.id, now, { status, closedAt: now });
    return [pending.id, status];
  });
  announce(deps, pair, id, estado);
}

/**
 * Marks the caller's side as done with the latest meeting it may still rate (it
 * gives up that rating); a no-op when there is none left but the pair met.
 */
export async function markEvaluated(deps: Pick<Deps, 'db' | 'clock'>, pair: Pair): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await unratedMeeting(tx, pair.client.id, pair.escort.id, pair.side, now, true);
    if (!row) {
      if (await hasAcceptedMeeting(tx, pair.client.id, pair.escort.id)) return;
      throw notFound(msg.meetingNotFound);
    }
    await setStatus(
      tx,
      row.id,
      now,
      pair.side === 'client' ? { evaluadoCliente: true, comentado: false } : { evaluadoEscort: true },
    );
  });
}

/** Turns the client's "No Me Gusta" off for the pair. */
export async function disableClick(deps: Pick<Deps, 'db' | 'clock'>, pair: Pair): Promise<void> {
  await turnClickOff(deps.db, pair.client.id, pair.escort.id, deps.clock.now());
}

/**
 * The escort dismisses a client from 'PENDIENTES POR CALIFICAR' without rating
 * ('Ignorar'): open meetings close and every accepted one counts as handled by
 * her. The client's own review window is untouched.
 */
export async function dismissClient(deps: StateDeps, pair: Pair): Promise<void> {
  const now = deps.clock.now();
  const closedIds = await deps.db.transaction(async (tx) => {
    const { handled, closed, closedIds } = await dismissPair(tx, pair.client.id, pair.escort.id, now);
    if (handled === 0 && closed === 0) throw notFound(msg.meetingNotFound);
    return closedIds;
  });
  for (const id of closedIds) announce(deps, pair, id, 'cerrada');
}
