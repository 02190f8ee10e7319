import { todayInChile } from '@encanto/core/chile-time';
import type { Tx } from '../db/client.ts';
import { clientRatings, comments, escortRatings, meetings, ratingTotals } from '../db/schema/index.ts';
import { commentTexts } from './data.ts';
import type { DemoAccount } from './plan.ts';
import { createRandom } from './random.ts';

/**
 * A few finished meetings between the approved demo clients and listed
 * escorts, each with the client's comment and rating and the escort's rating
 * of the client (both sides reviewed, so every review is published), so
 * profile pages and "Mis citas" show reviews. Rating totals are written from
 * the same numbers, so averages match. The sample pair also has an accepted meeting that ended
 * yesterday, not yet marked (seedMeetingToMark).
 */
export async function seedInteractions(
  tx: Tx,
  plan: readonly DemoAccount[],
  idOf: Map<string, string>,
  now: Date,
): Promise<void> {
  const r = createRandom('encanto-demo-interactions');
  const clients = plan.filter((p) => p.kind === 'client' && p.autorizado === 'aprobado');
  const escorts = plan.filter(
    (p) => p.kind === 'escort' && p.autorizado === 'aprobado' && p.escort?.estado === 'disponible',
  );
  if (!clients.length || !escorts.length) return;

  const totals: Totals = new Map();
  const picked = escorts.slice(0, 12);
  for (const [i, escort] of picked.entries()) {
    const client = clients[i % clients.length]!;
    const clientId = idOf.get(client.nickname)!;
    const escortId = idOf.get(escort.nickname)!;
    const earliest = Math.max(escort.approvedAt!.getTime(), client.approvedAt!.getTime());
    const acceptedAt = new Date(earliest + r.range(0.1, 0.9) * (now.getTime() - earliest));
    const closedAt = new Date(acceptedAt.getTime() + r.range(2, 30) * 3_600_000);
    const closed = closedAt.getTime() < now.getTime() ? closedAt : now;
    // The meeting happened between the acceptance and its close, on the half hour.
    const at = new Date(acceptedAt.getTime() + (closed.getTime() - acceptedAt.getTime()) / 2);
    at.setUTCMinutes(at.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
    const [meeting] = await tx
      .insert(meetings)
      .values({
        clientId,
        escortId,
        status: 'cerrada',
        fechaHora: at,
        duracionMin: r.pick([60, 90, 120, 180]),
        lugar: r.pick(['en_su_lugar', 'a_domicilio', 'hotel'] as const),
        acceso: false,
        comentado: true,
        click: true,
        evaluadoCliente: true,
        evaluadoEscort: true,
        createdAt: new Date(acceptedAt.getTime() - 3_600_000),
        updatedAt: closed,
        acceptedAt,
        closedAt: closed,
      })
      .returning({ id: meetings.id });
    const fecha = todayInChile(closed);
    await tx.insert(comments).values({
      escortId,
      clientId,
      nickCliente: client.nickname,
      fecha,
      comentario: r.pick(commentTexts),
      likes: 0,
      meetingId: meeting!.id,
      createdAt: closed,
    });
    const notes = [r.int(7, 10), r.int(7, 10), r.int(8, 10), r.int(7, 10), r.int(6, 10)] as const;
    await tx.insert(escortRatings).values({
      meetingId: meeting!.id,
      escortId,
      raterId: clientId,
      calificador: client.nickname,
      nota1: notes[0],
      nota2: notes[1],
      nota3: notes[2],
      nota4: notes[3],
      nota5: notes[4],
      createdAt: closed,
    });
    const back = [r.int(7, 10), r.int(7, 10), r.int(7, 10), r.int(8, 10), r.int(7, 10)] as const;
    await tx.insert(clientRatings).values({
      meetingId: meeting!.id,
      clientId,
      raterId: escortId,
      calificador: escort.nickname,
      nota1: back[0],
      nota2: back[1],
      nota3: back[2],
      nota4: back[3],
      nota5: back[4],
      createdAt: closed,
    });
    add(totals, escortId, notes);
    add(totals, clientId, back);
  }
  await seedMeetingToMark(tx, idOf.get(clients[0]!.nickname)!, idOf.get(escorts[0]!.nickname)!, now);
  await tx.insert(ratingTotals).values(
    [...totals].map(([accountId, t]) => ({
      accountId,
      count: t.count,
      sum1: t.sums[0],
      sum2: t.sums[1],
      sum3: t.sums[2],
      sum4: t.sums[3],
      sum5: t.sums[4],
    })),
  );
}

type Totals = Map<string, { count: number; sums: [number, number, number, number, number] }>;

function add(totals: Totals, accountId: string, notes: readonly number[]) {
  const t = totals.get(accountId) ?? { count: 0, sums: [0, 0, 0, 0, 0] };
  t.count += 1;
  notes.forEach((n, k) => (t.sums[k] = (t.sums[k] ?? 0) + n));
  totals.set(accountId, t);
}

/**
 * The sample client's and sample escort's meeting (the first approved client and the first available
 * escort, the logins printed at start): accepted, it ended yesterday, nobody marked it yet, so
 * "Asistencia" can be tried at once (decision 0173).
 */
async function seedMeetingToMark(tx: Tx, clientId: string, escortId: string, now: Date) {
  const duracionMin = 120;
  const at = new Date(now.getTime() - 24 * 3_600_000 - duracionMin * 60_000);
  at.setUTCMinutes(at.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
  const acceptedAt = new Date(at.getTime() - 2 * 24 * 3_600_000);
  await tx.insert(meetings).values({
    clientId,
    escortId,
    status: 'aceptada',
    fechaHora: at,
    duracionMin,
    lugar: 'hotel',
    mensaje: 'Hola, ¿te acomoda en el hotel del centro?',
    acceso: true,
    createdAt: new Date(acceptedAt.getTime() - 3_600_000),
    updatedAt: acceptedAt,
    acceptedAt,
  });
}
