import { msg } from '@encanto/core/messages';
import { todayInChile } from '@encanto/core/chile-time';
import type { ClientCard, MeetingState, RequestItem } from '@encanto/core/marketplace';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import { alertBadgesFor } from '../alerts/service.ts';
import { attendanceCounts } from '../attendance/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  acceptedUnratedForEscort,
  commentedOn,
  hasAcceptedMeeting,
  hasAnyMeeting,
  latestMeeting,
  pairFlags,
  pendingForEscort,
  unratedMeeting,
} from './queries.ts';
import { sameNick, type Pair } from './service.ts';

// The read side of meetings: what each side's screens show. Transitions live in service.ts.

type ViewDeps = Pick<Deps, 'db' | 'clock'>;

/** The whole state of a pair for one side's controls, in one read (the UI polls it). */
export async function meetingState({ db, clock }: ViewDeps, pair: Pair): Promise<MeetingState> {
  const now = clock.now();
  const [latest, flags, commentedToday] = await Promise.all([
    latestMeeting(db, pair.client.id, pair.escort.id),
    pairFlags(db, pair.client.id, pair.escort.id, now),
    commentedOn(db, pair.client.id, pair.escort.id, todayInChile(now)),
  ]);
  return {
    estado: latest?.status ?? null,
    cita: latest?.id ?? null,
    pendiente: flags.pendiente,
    propuesta: flags.propuesta,
    acceso: flags.mayComment,
    comentado: flags.comentado,
    click: flags.click,
    puedeCalificarUsuario: flags.clientMayRate,
    puedeCalificarCliente: flags.escortMayRate,
    comentadoHoy: commentedToday,
  };
}

/** An open (pending or accepted, not closed) meeting exists for the pair. */
export async function openMeetingExists({ db, clock }: ViewDeps, pair: Pair): Promise<boolean> {
  const flags = await pairFlags(db, pair.client.id, pair.escort.id, clock.now());
  return flags.pendiente || flags.abierta;
}

export async function pendingRequests(db: DbOrTx, escortId: string): Promise<RequestItem[]> {
  const rows = await pendingForEscort(db, escortId);
  return rows.map((r) => ({
    nickname_cliente: r.nickname_cliente,
    url: r.url,
    genero: r.genero,
    fecha: r.createdAt.toISOString(),
    cita: r.id,
    fecha_hora: r.fechaHora?.toISOString() ?? null,
    duracion_min: r.duracionMin,
    lugar: r.lugar,
    mensaje: r.mensaje,
  }));
}

export async function clientsToRate({ db, clock }: ViewDeps, escortId: string): Promise<RequestItem[]> {
  const now = clock.now();
  const rows = await acceptedUnratedForEscort(db, escortId, now);
  return rows
    .map((r) => ({
      nickname_cliente: r.nickname_cliente,
      url: r.url,
      genero: r.genero,
      fecha: (r.acceptedAt ?? now).toISOString(),
    }))
    .sort((a, b) => b.fecha.localeCompare(a.fecha));
}

/** Own-side path nickname check for the list calls (pendientes/{nick}, aceptados/{nickname}). */
export function requireOwnNickname(
  caller: SessionAccount,
  nickname: string,
  kind: 'escort' | 'client',
): void {
  if (caller.kind !== kind || !sameNick(caller.nickname, nickname)) throw forbidden();
}

/**
 * The client card an escort opens from her requests: only escorts with a meeting
 * (any status) with the client, and admins, see it; others get the same
 * "not found" as a missing client, so nicknames cannot be probed.
 */
export async function clientCard(
  { db, clock }: ViewDeps,
  caller: SessionAccount,
  nickname: string,
): Promise<ClientCard> {
  const client = await findAccountByNickname(db, nickname);
  if (!client || client.kind !== 'client') throw notFound(msg.clientCardMissing);
  if (caller.kind === 'escort') {
    if (!(await hasAnyMeeting(db, client.id, caller.id))) throw notFound(msg.clientCardMissing);
  } else if (caller.kind !== 'admin') {
    throw forbidden();
  }
  const badges =
    caller.kind === 'escort' || caller.kind === 'admin'
      ? await alertBadgesFor(db, [client.id], clock.now())
      : new Map();
  const [unrated, met] =
    caller.kind === 'escort'
      ? await Promise.all([
          unratedMeeting(db, client.id, caller.id, 'escort', clock.now()),
          hasAcceptedMeeting(db, client.id, caller.id),
        ])
      : [undefined, false];
  return {
    nickname: client.nickname,
    url: client.url,
    genero: client.genero,
    puedeCalificar: unrated !== undefined,
    conocido: met,
    alertas: badges.get(client.id) ?? [],
    // His record as counts (decision 0174): escorts and the administration read it on his card.
    ...((await attendanceCounts(db, [client.id], clock.now())).get(client.id) ?? {
      citas_concretadas: null,
      ausencias: null,
    }),
  };
}
