import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { clientRatings, escortRatings, meetings, ratingTotals } from '../../src/db/schema/index.ts';
import {
  approvedClient,
  approvedEscort,
  block,
  call,
  meet,
  notes,
  pairOf,
  pairQuery,
  rateBoth,
  requestOf,
  startMeeting,
} from './marketplace-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rateEscort = (client: FixtureAccount, escort: FixtureAccount, n: Record<string, number> = notes()) =>
  call(t.app, 'POST', '/ratings/insertarUsuario', client, {
    calificador: client.nickname,
    nickname_usuario: escort.nickname,
    ...n,
  });
const rateClient = (
  escort: FixtureAccount,
  client: FixtureAccount,
  n: Record<string, number> = notes(),
  extra = {},
) =>
  call(t.app, 'POST', '/notes/insertarCliente', escort, {
    calificador: escort.nickname,
    nickname_cliente: client.nickname,
    ...n,
    ...extra,
  });

describe('ratings/insertarUsuario (client rates escort)', () => {
  // Decision 0069: a rating no longer closes the meeting, and joins the sums only once both sides rated.
  it('after an accepted meeting: stores, marks evaluated, resets commented; the sums wait for both reviews', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    await call(t.app, 'POST', '/comments/usuario/registro', client, {
      comentario: 'Bien atendido, gracias.',
      nick_cliente: client.nickname,
      nick_usuario: escort.nickname,
    });
    const res = await rateEscort(client, escort, { nota1: 10, nota2: 9, nota3: 8, nota4: 7, nota5: 6 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ promedio_general: 0, total: 0 });
    const [m] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(m).toMatchObject({ evaluadoCliente: true, comentado: false, status: 'aceptada' });
    expect(
      await t.app.db.select().from(ratingTotals).where(eq(ratingTotals.accountId, escort.id)),
    ).toHaveLength(0);
    expect(
      (
        await call(t.app, 'GET', `/appointments/estado-comentado?${pairQuery(client, escort)}`, client)
      ).json(),
    ).toEqual({ comentado: false });
    expect((await rateClient(escort, client)).statusCode).toBe(201);
    const [tot] = await t.app.db.select().from(ratingTotals).where(eq(ratingTotals.accountId, escort.id));
    expect(tot).toMatchObject({ count: 1, sum1: 10, sum5: 6 });
    expect((await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, client)).json()).toEqual({
      promedio_nota1: 10,
      promedio_nota2: 9,
      promedio_nota3: 8,
      promedio_nota4: 7,
      promedio_nota5: 6,
      promedio_general: 8,
      total: 1,
    });
  });

  it('403 without an accepted meeting (none or only pending); 409 for a second rating of the same meeting', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const none = await rateEscort(client, escort);
    expect(none.statusCode).toBe(403);
    expect(none.json().mensaje).toBe(msg.ratingAccessRequired);
    const asked = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect((await rateEscort(client, escort)).statusCode).toBe(403);
    await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    // Accepted, but the meeting is ahead: 409 with the reason (decision 0157); at its time, 201.
    const early = await rateEscort(client, escort);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ mensaje: msg.reviewNotYetOpen, code: 'REVIEW_NOT_YET_OPEN' });
    await startMeeting(t.app, asked.json().cita as string);
    expect((await rateEscort(client, escort)).statusCode).toBe(201);
    const dup = await rateEscort(client, escort);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().mensaje).toBe(msg.ratingDuplicate);
    // A new accepted meeting allows a new rating.
    await meet(t.app, client, escort);
    expect((await rateEscort(client, escort)).statusCode).toBe(201);
    expect(
      await t.app.db.select().from(escortRatings).where(eq(escortRatings.escortId, escort.id)),
    ).toHaveLength(2);
  });

  it('marks must be whole numbers 1-10 for all five criteria (400 with the spec message)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    for (const bad of [
      { ...notes(), nota3: 0 },
      { ...notes(), nota1: 11 },
      { ...notes(), nota2: 5.5 },
      { nota1: 5, nota2: 5, nota3: 5, nota4: 5 },
    ]) {
      const res = await rateEscort(client, escort, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe('Debes seleccionar una nota para cada ítem (1-10).');
    }
  });

  it('401 anonymous; 403 for escorts, admins and a calificador who is not the caller; blocked clients get the neutral refusal', async () => {
    const client = await approvedClient(t.app);
    const other = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    await meet(t.app, client, escort);
    const payload = { calificador: client.nickname, nickname_usuario: escort.nickname, ...notes() };
    expect((await call(t.app, 'POST', '/ratings/insertarUsuario', null, payload)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/ratings/insertarUsuario', escort, payload)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/ratings/insertarUsuario', admin, payload)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/ratings/insertarUsuario', other, payload)).statusCode).toBe(403);
    await block(t.app, escort, client);
    const blocked = await rateEscort(client, escort);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ mensaje: msg.forbidden, code: 'FORBIDDEN' });
  });

  // Decision 0069: averages from the sums with one decimal; the overall is the mean of the unrounded criteria.
  it('promedioUsuario/{nick}: averages with one decimal and the overall from the unrounded ones; 401 anonymous; 404 unknown', async () => {
    const escort = await approvedEscort(t.app);
    const a = await approvedClient(t.app);
    const b = await approvedClient(t.app);
    const zero = await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, a);
    expect(zero.json()).toMatchObject({ total: 0, promedio_general: 0 });
    await meet(t.app, a, escort);
    await meet(t.app, b, escort);
    await rateBoth(t.app, a, escort, { nota1: 10, nota2: 7, nota3: 6, nota4: 9, nota5: 1 });
    await rateBoth(t.app, b, escort, { nota1: 9, nota2: 8, nota3: 6, nota4: 4, nota5: 2 });
    const res = await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, a);
    // (9.5 + 7.5 + 6 + 6.5 + 1.5) / 5 = 6.2, where the rounded criteria gave 6.6.
    expect(res.json()).toEqual({
      promedio_nota1: 9.5,
      promedio_nota2: 7.5,
      promedio_nota3: 6,
      promedio_nota4: 6.5,
      promedio_nota5: 1.5,
      promedio_general: 6.2,
      total: 2,
    });
    expect((await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, escort)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, null)).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', `/ratings/promedioUsuario/noexiste3`, a)).statusCode).toBe(404);
  });
});

describe('notes/insertarCliente (escort rates client)', () => {
  // Decision 0069: rating the client closes nothing; the rating shows once the client rated too.
  it('after accepting: stores, marks evaluated, drops the client from PENDIENTES POR CALIFICAR; closes nothing', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const token = await meet(t.app, client, escort);
    const res = await rateClient(escort, client, notes(7), { token_conversacion: token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 0 });
    const [m] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(m).toMatchObject({ evaluadoEscort: true, status: 'aceptada', acceso: true });
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/aceptados/${escort.nickname}`, escort)).json()
        .clientes,
    ).toEqual([]);
    const dup = await rateClient(escort, client);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().mensaje).toBe(msg.ratingDuplicate);
  });

  it('takes her optional comment on the client: kept with the rating, shown to him once published (decision 0157)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    const tooLong = await rateClient(escort, client, notes(8), { comentario: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().mensaje).toBe(msg.clientRatingCommentTooLong);
    const res = await rateClient(escort, client, notes(8), { comentario: '  Puntual y respetuoso.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(clientRatings).where(eq(clientRatings.clientId, client.id));
    expect(row).toMatchObject({ comentario: 'Puntual y respetuoso.', nota1: 8 });
    const review = async (who: FixtureAccount) => {
      const citas = (await call(t.app, 'GET', '/citas/mias', who)).json().citas as {
        resena: { mia: unknown; suya: unknown };
      }[];
      return citas[0]!.resena;
    };
    // Hers at once for her; his view waits for his own rating (double-blind).
    expect((await review(escort)).mia).toEqual({ notas: notes(8), comentario: 'Puntual y respetuoso.' });
    expect((await review(client)).suya).toBeNull();
    expect((await rateEscort(client, escort)).statusCode).toBe(201);
    expect((await review(client)).suya).toEqual({ notas: notes(8), comentario: 'Puntual y respetuoso.' });
    // Without a comment (or a blank one) the rating has none.
    const other = await approvedClient(t.app);
    await meet(t.app, other, escort);
    expect((await rateClient(escort, other, notes(6), { comentario: '   ' })).statusCode).toBe(201);
    const [plain] = await t.app.db.select().from(clientRatings).where(eq(clientRatings.clientId, other.id));
    expect(plain!.comentario).toBeNull();
  });

  it("403 without an accepted meeting, for a wrong conversation token, for clients and for another escort's name", async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const otherEscort = await approvedEscort(t.app);
    expect((await rateClient(escort, client)).statusCode).toBe(403);
    await meet(t.app, client, escort);
    expect(
      (await rateClient(escort, client, notes(), { token_conversacion: 'x'.repeat(43) })).statusCode,
    ).toBe(403);
    expect((await rateClient(otherEscort, client)).statusCode).toBe(403);
    const asClient = await call(t.app, 'POST', '/notes/insertarCliente', client, {
      calificador: client.nickname,
      nickname_cliente: client.nickname,
      ...notes(),
    });
    expect(asClient.statusCode).toBe(403);
    const impostor = await call(t.app, 'POST', '/notes/insertarCliente', otherEscort, {
      calificador: escort.nickname,
      nickname_cliente: client.nickname,
      ...notes(),
    });
    expect(impostor.statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/notes/insertarCliente', null, {
          calificador: escort.nickname,
          nickname_cliente: client.nickname,
          ...notes(),
        })
      ).statusCode,
    ).toBe(401);
    expect((await rateClient(escort, client, { ...notes(), nota5: 0 })).statusCode).toBe(400);
  });

  it('promedioCliente/{nickname}: the client, admins and escorts with a meeting; others 403', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const stranger = await approvedEscort(t.app);
    const otherClient = await approvedClient(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    await meet(t.app, client, escort);
    await rateBoth(t.app, client, escort, notes(), { nota1: 3, nota2: 4, nota3: 5, nota4: 6, nota5: 8 });
    const url = `/notes/promedioCliente/${client.nickname}`;
    expect((await call(t.app, 'GET', url, escort)).json()).toEqual({
      promedio_nota1: 3,
      promedio_nota2: 4,
      promedio_nota3: 5,
      promedio_nota4: 6,
      promedio_nota5: 8,
      promedio_general: 5.2,
      total: 1,
    });
    expect((await call(t.app, 'GET', url, client)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url, admin)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, otherClient)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/notes/promedioCliente/noexiste5', escort)).statusCode).toBe(404);
  });
});
