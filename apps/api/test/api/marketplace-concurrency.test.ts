import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clientRatings, comments, escortRatings, meetings, ratingTotals } from '../../src/db/schema/index.ts';
import {
  approvedClient,
  approvedEscort,
  call,
  meet,
  notes,
  rateBoth,
  requestOf,
  rowsOf,
} from './marketplace-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Race-guards are constraints and conditional updates, so simultaneous calls leave exactly one effect. */
describe('simultaneous calls', () => {
  it('two simultaneous requests leave one pending meeting', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const codes = (
      await Promise.all(
        [1, 2, 3].map(() =>
          call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort)),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([201, 409, 409]);
    expect(await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id))).toHaveLength(1);
  });

  it('two simultaneous comments give one row', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    const body = {
      comentario: 'Hola, muy bien.',
      nick_cliente: client.nickname,
      nick_usuario: escort.nickname,
    };
    const res = await Promise.all([
      call(t.app, 'POST', '/comments/usuario/registro', client, body),
      call(t.app, 'POST', '/comments/cliente/registro', client, body),
    ]);
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([403, 409]).toContain(codes[1]);
    expect(await t.app.db.select().from(comments).where(eq(comments.clientId, client.id))).toHaveLength(1);
  });

  it('two simultaneous ratings of one meeting give one row, from either side', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    const byClient = { calificador: client.nickname, nickname_usuario: escort.nickname, ...notes(9) };
    const byEscort = { calificador: escort.nickname, nickname_cliente: client.nickname, ...notes(4) };
    const res = await Promise.all([
      call(t.app, 'POST', '/ratings/insertarUsuario', client, byClient),
      call(t.app, 'POST', '/ratings/insertarUsuario', client, byClient),
      call(t.app, 'POST', '/notes/insertarCliente', escort, byEscort),
      call(t.app, 'POST', '/notes/insertarCliente', escort, byEscort),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    // Both reviews in: both ratings joined the sums exactly once.
    expect(
      await t.app.db.select().from(escortRatings).where(eq(escortRatings.escortId, escort.id)),
    ).toHaveLength(1);
    expect(
      await t.app.db.select().from(clientRatings).where(eq(clientRatings.clientId, client.id)),
    ).toHaveLength(1);
    const [tot] = await t.app.db.select().from(ratingTotals).where(eq(ratingTotals.accountId, escort.id));
    expect(tot).toMatchObject({ count: 1, sum1: 9 });
    const [totClient] = await t.app.db
      .select()
      .from(ratingTotals)
      .where(eq(ratingTotals.accountId, client.id));
    expect(totClient).toMatchObject({ count: 1, sum1: 4 });
  });

  // Decision 0069: one "No Me Gusta" per client and comment; repeats at once still count once.
  it('simultaneous dislikes of one comment by one client count once', async () => {
    const author = await approvedClient(t.app);
    const voter = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, author, escort);
    const saved = await call(t.app, 'POST', '/comments/usuario/registro', author, {
      comentario: 'Comentario de prueba',
      nick_cliente: author.nickname,
      nick_usuario: escort.nickname,
    });
    const id = saved.json().data.id_comentario as number;
    await rateBoth(t.app, author, escort);
    await meet(t.app, voter, escort);
    const res = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'PUT', `/comments/usuario/likes/${id}`, voter, { likes: 100 })),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, id));
    expect(row!.likes).toBe(1);
  });

  // Decision 0069: both sides rate at once; the sums hold each published rating exactly once.
  it('running sums equal a recount of the rating rows after many parallel ratings from both sides', async () => {
    const escort = await approvedEscort(t.app);
    const clients = await Promise.all(Array.from({ length: 8 }, () => approvedClient(t.app)));
    for (const c of clients) await meet(t.app, c, escort);
    const res = await Promise.all(
      clients.flatMap((c, i) => [
        call(t.app, 'POST', '/ratings/insertarUsuario', c, {
          calificador: c.nickname,
          nickname_usuario: escort.nickname,
          nota1: (i % 10) + 1,
          nota2: ((i * 3) % 10) + 1,
          nota3: 10 - (i % 10),
          nota4: 5,
          nota5: ((i * 7) % 10) + 1,
        }),
        call(t.app, 'POST', '/notes/insertarCliente', escort, {
          calificador: escort.nickname,
          nickname_cliente: c.nickname,
          ...notes(7),
        }),
      ]),
    );
    expect(res.every((r) => r.statusCode === 201)).toBe(true);
    const [recount] = rowsOf<Record<string, string | number>>(
      await t.app.db
        .execute(sql`select count(*)::int as count, sum(nota1)::int as s1, sum(nota2)::int as s2, sum(nota3)::int as s3,
        sum(nota4)::int as s4, sum(nota5)::int as s5 from escort_ratings where escort_id = ${escort.id} and counted`),
    );
    const [tot] = await t.app.db.select().from(ratingTotals).where(eq(ratingTotals.accountId, escort.id));
    expect(tot).toMatchObject({
      count: Number(recount!.count),
      sum1: Number(recount!.s1),
      sum2: Number(recount!.s2),
      sum3: Number(recount!.s3),
      sum4: Number(recount!.s4),
      sum5: Number(recount!.s5),
    });
    expect(tot!.count).toBe(8);
    const avg = await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, clients[0]!);
    expect(avg.json().promedio_nota1).toBe(Math.round((Number(recount!.s1) / 8) * 10) / 10);
  });
});
