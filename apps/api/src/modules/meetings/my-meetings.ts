import type {
  MeetingAction,
  MeetingGroup,
  MeetingSummary,
  MyMeeting,
  ReviewView,
} from '@encanto/core/meetings';
import { alertRules, type AlertBadge, type AlertCategory, type AlertStatus } from '@encanto/core/alerts';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { alertBadgesFor, filedAlertsOn } from '../alerts/service.ts';
import { attendanceCounts, attendanceView, marksOfMeetings } from '../attendance/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { meetingsOf, summaryOf } from './list-queries.ts';
import type { MeetingRow } from './queries.ts';
import { conversationEndOf, meetingTimeOf, reviewEndOf, reviewStartOf } from './windows.ts';

type Row = Awaited<ReturnType<typeof meetingsOf>>[number];
type Side = 'client' | 'escort';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const before = (d: Date | null, now: Date) => d !== null && d.getTime() < now.getTime();

/** A pending request whose time (or proposed time) passed without an answer. */
const expired = (m: MeetingRow, now: Date) =>
  m.status === 'pendiente' && before(m.propuestaFechaHora ?? m.fechaHora, now);

/** What the caller can do next with a meeting, from its state and the windows at `now`. */
function actionsOf(m: MeetingRow, side: Side, now: Date, hasComment: boolean): MeetingAction[] {
  if (m.status === 'pendiente') {
    if (side === 'client')
      return m.propuestaFechaHora && !expired(m, now) ? ['aceptar_propuesta', 'cancelar'] : ['cancelar'];
    if (m.propuestaFechaHora || before(m.fechaHora, now)) return ['proponer', 'rechazar'];
    return ['aceptar', 'proponer', 'rechazar'];
  }
  if (!m.acceptedAt) return [];
  const actions: MeetingAction[] = [];
  const talkUntil = conversationEndOf(m);
  if (m.status === 'aceptada' && (talkUntil === null || now < talkUntil)) actions.push('conversar');
  const reviewUntil = reviewEndOf(m);
  const reviewFrom = reviewStartOf(m);
  // From the meeting's time on (decision 0157), until the window's end.
  if (reviewUntil && reviewFrom && now >= reviewFrom && now < reviewUntil) {
    if (side === 'client' && !hasComment) actions.push('comentar');
    if (!(side === 'client' ? m.evaluadoCliente : m.evaluadoEscort)) actions.push('calificar');
  }
  return actions;
}

/** Por responder: it is the caller's turn; próximas: the meeting is ahead; pasadas: everything else. */
function groupOf(m: MeetingRow, side: Side, now: Date): MeetingGroup {
  if (m.status === 'pendiente') {
    if (expired(m, now)) return 'pasadas';
    const callerTurn = side === 'escort' ? m.propuestaFechaHora === null : m.propuestaFechaHora !== null;
    return callerTurn ? 'por_responder' : 'proximas';
  }
  if (m.status === 'aceptada') {
    const start = meetingTimeOf(m);
    const end = start ? start.getTime() + (m.duracionMin ?? 60) * 60_000 : 0;
    if (end > now.getTime()) return 'proximas';
  }
  return 'pasadas';
}

type NullableNotes = { [K in keyof NonNullable<ReviewView['notas']>]: number | null };
const notesOf = (n: NullableNotes | null): ReviewView['notas'] =>
  n && n.nota1 !== null && n.nota2 !== null && n.nota3 !== null && n.nota4 !== null && n.nota5 !== null
    ? { nota1: n.nota1, nota2: n.nota2, nota3: n.nota3, nota4: n.nota4, nota5: n.nota5 }
    : null;

function reviewsOf(r: Row, side: Side, now: Date) {
  const byClient = notesOf(r.byClient);
  const byEscort = notesOf(r.byEscort);
  const client: ReviewView | null =
    byClient || r.comentario !== null ? { notas: byClient, comentario: r.comentario } : null;
  const escort: ReviewView | null = byEscort ? { notas: byEscort, comentario: r.byEscortComment } : null;
  const until = reviewEndOf(r.meeting);
  // Visible to everyone once both sides rated, or once the window ended.
  const published = (r.byClientId !== null && r.byEscortId !== null) || before(until, now);
  const mine = side === 'client' ? client : escort;
  const theirs = side === 'client' ? escort : client;
  const from = reviewStartOf(r.meeting);
  return {
    desde: from && now < from ? from.toISOString() : null,
    hasta: iso(until),
    mia: mine,
    mia_publicada: mine !== null && published,
    suya: published ? theirs : null,
    suya_pendiente: !published && theirs !== null,
  };
}

/** What the escort sees and may do about safety alerts on each meeting (decision 0171). */
interface AlertContext {
  badges: Map<string, AlertBadge[]>;
  filed: Map<string, { categoria: AlertCategory; estado: AlertStatus }>;
}

/** Both sides' attendance marks of the listed meetings and the other sides' records (decision 0173). */
interface AttendanceContext {
  callerId: string;
  marks: Awaited<ReturnType<typeof marksOfMeetings>>;
  counts: Awaited<ReturnType<typeof attendanceCounts>>;
}

function alertsView(m: MeetingRow, side: Side, now: Date, ctx: AlertContext | null) {
  if (side !== 'escort' || !ctx) return { alertas: [], puede_alertar: false, mi_alerta: null };
  const mine = ctx.filed.get(m.id) ?? null;
  const at = meetingTimeOf(m);
  const open = m.acceptedAt !== null && at !== null && now.getTime() <= at.getTime() + alertRules.fileAfterMs;
  return { alertas: ctx.badges.get(m.clientId) ?? [], puede_alertar: open && mine === null, mi_alerta: mine };
}

function view(r: Row, side: Side, now: Date, ctx: AlertContext | null, att: AttendanceContext): MyMeeting {
  const m = r.meeting;
  return {
    id: m.id,
    estado: m.status,
    vencida: expired(m, now),
    fecha_hora: iso(m.fechaHora),
    duracion_min: m.duracionMin,
    lugar: m.lugar,
    mensaje: m.mensaje,
    motivo_rechazo: m.motivoRechazo,
    propuesta: m.propuestaFechaHora ? { fecha_hora: m.propuestaFechaHora.toISOString() } : null,
    rol: side,
    otra_parte: {
      nickname: r.other.nickname,
      nombre: r.other.nombre,
      url: r.other.url,
      ...(att.counts.get(side === 'client' ? m.escortId : m.clientId) ?? {
        citas_concretadas: null,
        ausencias: null,
      }),
    },
    no_leidos: r.unread,
    acciones: actionsOf(m, side, now, r.comentario !== null),
    grupo: groupOf(m, side, now),
    conversacion_hasta: iso(conversationEndOf(m)),
    resena: reviewsOf(r, side, now),
    creada: m.createdAt.toISOString(),
    ...alertsView(m, side, now, ctx),
    asistencia: attendanceView(m, att.callerId, att.marks, now),
  };
}

const sideOf = (caller: SessionAccount): Side => {
  if (caller.kind === 'admin') throw forbidden();
  return caller.kind;
};

/** GET /api/citas/mias: the caller's meetings, as either side, with what she can do next. */
export async function myMeetings(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
): Promise<MyMeeting[]> {
  const side = sideOf(caller);
  const now = deps.clock.now();
  const rows = await meetingsOf(deps.db, caller.id, side);
  const ctx: AlertContext | null =
    side === 'escort'
      ? {
          badges: await alertBadgesFor(
            deps.db,
            rows.map((r) => r.meeting.clientId),
            now,
          ),
          filed: await filedAlertsOn(
            deps.db,
            caller.id,
            rows.filter((r) => r.meeting.acceptedAt !== null).map((r) => r.meeting.id),
          ),
        }
      : null;
  const accepted = rows.filter((r) => r.meeting.acceptedAt !== null).map((r) => r.meeting.id);
  const att: AttendanceContext = {
    callerId: caller.id,
    marks: await marksOfMeetings(deps.db, accepted),
    counts: await attendanceCounts(
      deps.db,
      rows.map((r) => (side === 'client' ? r.meeting.escortId : r.meeting.clientId)),
      now,
    ),
  };
  return rows.map((r) => view(r, side, now, ctx, att));
}

/** The nav badge: what waits for the caller's answer plus meetings with unread messages. */
export async function meetingSummary(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: SessionAccount,
): Promise<MeetingSummary> {
  const side = sideOf(caller);
  const { porResponder, noLeidos } = await summaryOf(deps.db, caller.id, side, deps.clock.now());
  return { por_responder: porResponder, no_leidos: noLeidos, total: porResponder + noLeidos };
}
