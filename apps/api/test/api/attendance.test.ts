import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminAttendanceDispute } from '@encanto/core/attendance';
import type { ClientCard } from '@encanto/core/marketplace';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { auditLog } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { call } from './marketplace-helpers.ts';
import { chileTime, DAY, HOUR, meetingPair, myMeeting, outboxFor, testClock } from './meetings-helpers.ts';

// The attendance record both ways (decisions 0173, 0174), on the injected clock.
const start = new Date('2026-03-10T15:00:00Z');
const clock = testClock(start);
let t: TestApp;
let admin: FixtureAccount;

const newEscort = () => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
const newClient = () => createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
/** A new session at the clock's time: jumps of weeks outlive the fixture's. */
const relog = async (a: FixtureAccount): Promise<FixtureAccount> => ({
  ...a,
  token: await createSession(t.app.db, a.id, clock.now(), { secondFactor: true }),
});
const mark = (who: FixtureAccount | null, id: string, resultado: string) =>
  call(t.app, 'POST', `/citas/${id}/asistencia`, who, { resultado });
const dispute = (who: FixtureAccount | null, id: string, body: object = {}) =>
  call(t.app, 'POST', `/citas/${id}/asistencia/disputa`, who, body);
async function disputes(): Promise<AdminAttendanceDispute[]> {
  const res = await call(t.app, 'GET', '/admin/asistencia/disputas', await relog(admin));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminAttendanceDispute[];
}
/** A pair with an accepted meeting at `start` + 2 days, the clock back at `start`. */
async function pairWithMeeting(escort?: FixtureAccount) {
  clock.set(start);
  return meetingPair(t.app, new Date(start.getTime() + 2 * DAY), escort);
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/citas/{id}/asistencia', () => {
  it('only the pair marks: 401 anonymous, 404 for another account or the admin', async () => {
    const { id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() + HOUR));
    expect((await mark(null, id, 'concretada')).statusCode).toBe(401);
    for (const other of [await newEscort(), await newClient(), admin]) {
      const res = await mark(await relog(other), id, 'concretada');
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(msg.attendanceNotFound);
    }
  });

  it('400 with a Spanish message for an unknown result', async () => {
    const { c, id } = await pairWithMeeting();
    const res = await mark(c, id, 'tal_vez');
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.attendanceResultRequired);
  });

  it('409 before the meeting starts, opens at its time, closes 7 days after it', async () => {
    const { e, c, id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() - 60_000));
    const early = await mark(c, id, 'concretada');
    expect(early.statusCode).toBe(409);
    expect(early.json().mensaje).toBe(msg.attendanceTooSoon);
    expect((await myMeeting(t.app, c, id)).asistencia).toMatchObject({
      puede_marcar: false,
      desde: at.toISOString(),
      hasta: new Date(at.getTime() + 7 * DAY).toISOString(),
    });
    clock.set(at);
    expect((await myMeeting(t.app, c, id)).asistencia.puede_marcar).toBe(true);
    expect((await mark(c, id, 'concretada')).statusCode).toBe(200);
    clock.set(new Date(at.getTime() + 7 * DAY + 1000));
    const late = await mark(await relog(e), id, 'concretada');
    expect(late.statusCode).toBe(409);
    expect(late.json().mensaje).toBe(msg.attendanceClosed);
  });

  it('one mark per side: the second is 409, and each side sees both marks', async () => {
    const { e, c, id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() + 3 * HOUR));
    const ok = await mark(c, id, 'concretada');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mensaje).toBe(msg.attendanceSaved);
    const twice = await mark(c, id, 'no_se_presento');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().mensaje).toBe(msg.attendanceTwice);
    expect((await mark(e, id, 'concretada')).statusCode).toBe(200);
    expect((await myMeeting(t.app, e, id)).asistencia).toMatchObject({
      mia: 'concretada',
      suya: 'concretada',
      puede_marcar: false,
      puede_reclamar: false,
    });
  });

  it('a request that was never accepted is 404', async () => {
    clock.set(start);
    const [e, c] = await Promise.all([newEscort(), newClient()]);
    const req = await call(t.app, 'POST', '/appointments/solicitar', c, {
      nickname_cliente: c.nickname,
      nickname_usuario: e.nickname,
      fecha_hora: chileTime(start, DAY),
      duracion_min: 90,
      lugar: 'hotel',
    });
    expect(req.statusCode, req.body).toBe(201);
    clock.set(new Date(start.getTime() + 2 * DAY));
    expect((await mark(await relog(e), req.json().cita as string, 'concretada')).statusCode).toBe(404);
  });
});

describe('the record: counts on the card, the requests and the client card', () => {
  it('reads "new" (null) below three meetings, then completed meetings and absences', async () => {
    const escort = await newEscort();
    const meetings: Awaited<ReturnType<typeof pairWithMeeting>>[] = [];
    for (let i = 0; i < 4; i++) meetings.push(await pairWithMeeting(escort));
    const at = meetings[0]!.at;
    clock.set(new Date(at.getTime() + 4 * HOUR));
    const card = async () => (await call(t.app, 'GET', `/usuario/publico/${escort.nickname}`, null)).json();
    expect(await card()).toMatchObject({ citas_concretadas: null, ausencias: null });

    // Two completed (both sides said so), one where only she said so (does not count).
    for (const m of meetings.slice(0, 2)) {
      expect((await mark(m.c, m.id, 'concretada')).statusCode).toBe(200);
      expect((await mark(m.e, m.id, 'concretada')).statusCode).toBe(200);
    }
    expect((await mark(meetings[2]!.e, meetings[2]!.id, 'concretada')).statusCode).toBe(200);
    // The fourth client says she did not come: an absence once 7 days pass without a contest.
    expect((await mark(meetings[3]!.c, meetings[3]!.id, 'no_se_presento')).statusCode).toBe(200);
    expect(await card()).toMatchObject({ citas_concretadas: null, ausencias: null });
    const seen = await myMeeting(t.app, meetings[3]!.e, meetings[3]!.id);
    expect(seen.asistencia).toMatchObject({ suya: 'no_se_presento', puede_reclamar: true });

    clock.advance(7 * DAY + 1000);
    expect(await card()).toMatchObject({ citas_concretadas: 2, ausencias: 1 });
    // The client sees her record on his request; she sees his (new: one meeting).
    const c0 = await relog(meetings[0]!.c);
    const his = await myMeeting(t.app, c0, meetings[0]!.id);
    expect(his.otra_parte).toMatchObject({ citas_concretadas: 2, ausencias: 1 });
    const hers = await myMeeting(t.app, await relog(escort), meetings[0]!.id);
    expect(hers.otra_parte).toMatchObject({ citas_concretadas: null, ausencias: null });
    const clientCard = await call(
      t.app,
      'GET',
      `/conversacion-cliente/perfil/${c0.nickname}`,
      await relog(escort),
    );
    expect(clientCard.statusCode, clientCard.body).toBe(200);
    expect(clientCard.json() as ClientCard).toMatchObject({ citas_concretadas: null, ausencias: null });
    // The contest window closed for her.
    const late = await dispute(await relog(escort), meetings[3]!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().mensaje).toBe(msg.attendanceDisputeClosed);
  });
});

describe('disputes', () => {
  it('only the side said to be absent contests, within 7 days, once; the absence waits for the admin', async () => {
    const { e, c, id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() + 5 * HOUR));
    const nothing = await dispute(e, id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().mensaje).toBe(msg.attendanceNothingToDispute);
    expect((await mark(e, id, 'no_se_presento')).statusCode).toBe(200);
    // He hears it at once, with the link to the meeting and the deadline; nobody else is mailed.
    const mails = await outboxFor(t.app, c.email);
    const absence = mails.filter((m) => m.subject.includes('marcaron que no llegaste'));
    expect(absence).toHaveLength(1);
    expect(absence[0]!.text).toContain(`/Cita/${id}`);
    expect(absence[0]!.text).toContain(e.nickname);
    expect((await outboxFor(t.app, e.email)).some((m) => m.subject.includes('no llegaste'))).toBe(false);
    // He may not contest his own claim, nor may a stranger.
    expect((await dispute(e, id)).statusCode).toBe(409);
    expect((await dispute(await newClient(), id)).statusCode).toBe(404);
    const long = await dispute(c, id, { texto: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().mensaje).toBe(msg.attendanceDisputeTextLength);
    clock.advance(6 * DAY);
    const ok = await dispute(await relog(c), id, { texto: 'Sí fui, la esperé media hora en el lobby.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensaje).toBe(msg.attendanceDisputed);
    const again = await dispute(await relog(c), id);
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.attendanceDisputeTwice);
    expect((await myMeeting(t.app, await relog(c), id)).asistencia).toMatchObject({
      reclamo: 'abierta',
      puede_reclamar: false,
    });
    expect((await myMeeting(t.app, await relog(e), id)).asistencia.reclamo_de_la_otra_parte).toBe('abierta');

    const [first] = (await disputes()).filter((d) => d.cita_id === id);
    expect(first).toMatchObject({
      estado: 'abierta',
      marcada_por: e.nickname,
      marcada_por_tipo: 'escort',
      reclamante: c.nickname,
      texto: 'Sí fui, la esperé media hora en el lobby.',
    });
  });

  it('a contest without a word is fine; the admin settles either way, audited, and only once', async () => {
    const { e, c, id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() + HOUR));
    expect((await mark(c, id, 'no_se_presento')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/citas/${id}/asistencia/disputa`,
      headers: { authorization: `Bearer ${e.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await disputes()).find((x) => x.cita_id === id)!;
    const a = await relog(admin);
    const settle = (body: object) =>
      call(t.app, 'POST', `/admin/asistencia/disputas/${d.id}/resolver`, a, body);
    const bad = await settle({ resolucion: 'quizas', nota: 'Revisado' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe(msg.attendanceResolutionRequired);
    expect((await settle({ resolucion: 'anulada', nota: 'x' })).statusCode).toBe(400);
    expect((await settle({ resolucion: 'anulada', nota: 'Revisado con ambas partes' })).statusCode).toBe(200);
    const twice = await settle({ resolucion: 'ausencia', nota: 'Revisado otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().mensaje).toBe(msg.attendanceDisputeSettled);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'asistencia_ausencia_anulada'));
    expect(audit.some((r) => r.reasons === 'Revisado con ambas partes')).toBe(true);
    expect((await disputes()).find((x) => x.id === d.id)).toMatchObject({ estado: 'anulada' });
    // Unknown ids are a 404; non-admins are refused.
    const unknown = await call(
      t.app,
      'POST',
      `/admin/asistencia/disputas/${crypto.randomUUID()}/resolver`,
      a,
      {
        resolucion: 'ausencia',
        nota: 'Revisado',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/admin/asistencia/disputas', await relog(e))).statusCode).toBe(403);
  });

  it('an upheld absence counts at once; a cancelled one never does', async () => {
    const escort = await newEscort();
    const ms: Awaited<ReturnType<typeof pairWithMeeting>>[] = [];
    for (let i = 0; i < 3; i++) ms.push(await pairWithMeeting(escort));
    clock.set(new Date(ms[0]!.at.getTime() + HOUR));
    for (const m of ms) expect((await mark(m.c, m.id, 'no_se_presento')).statusCode).toBe(200);
    const e = await relog(escort);
    for (const m of ms) expect((await dispute(e, m.id)).statusCode).toBe(200);
    const mine = (await disputes()).filter((x) => ms.some((m) => m.id === x.cita_id));
    const a = await relog(admin);
    for (const [i, d] of mine.entries())
      expect(
        (
          await call(t.app, 'POST', `/admin/asistencia/disputas/${d.id}/resolver`, a, {
            resolucion: i < 2 ? 'ausencia' : 'anulada',
            nota: 'Revisado con ambas partes',
          })
        ).statusCode,
      ).toBe(200);
    // Two upheld absences and nothing else: still under three, "new".
    const card = async () => (await call(t.app, 'GET', `/usuario/publico/${escort.nickname}`, null)).json();
    expect(await card()).toMatchObject({ citas_concretadas: null, ausencias: null });
    const m4 = await pairWithMeeting(escort);
    clock.set(new Date(m4.at.getTime() + HOUR));
    expect((await mark(m4.c, m4.id, 'concretada')).statusCode).toBe(200);
    expect((await mark(await relog(escort), m4.id, 'concretada')).statusCode).toBe(200);
    expect(await card()).toMatchObject({ citas_concretadas: 1, ausencias: 2 });
  });
});

describe('export', () => {
  it("lists the marks made and received without the other side's name", async () => {
    const { e, c, id, at } = await pairWithMeeting();
    clock.set(new Date(at.getTime() + HOUR));
    expect((await mark(c, id, 'concretada')).statusCode).toBe(200);
    expect((await mark(e, id, 'no_se_presento')).statusCode).toBe(200);
    const res = await call(t.app, 'GET', '/cuenta/exportar', c);
    expect(res.statusCode).toBe(200);
    const rows = res.json().asistencia as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.quien_marco).sort()).toEqual(['la otra parte', 'yo']);
    expect(JSON.stringify(rows)).not.toContain(e.nickname);
  });
});
