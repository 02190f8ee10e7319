import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { FixtureAccount } from '../helpers/fixtures.ts';
import { approvedClient, approvedEscort, call, notes, pairQuery } from './marketplace-helpers.ts';
import { acceptedMeeting, chileTime, DAY, HOUR, myMeeting, testClock } from './meetings-helpers.ts';

let t: TestApp;
const clock = testClock(new Date('2026-06-01T14:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});

/** Accepted, and the clock moved to the meeting's time: its reviews are open (decision 0157). */
async function met(client: FixtureAccount, escort: FixtureAccount, at: string): Promise<string> {
  const id = await acceptedMeeting(t.app, client, escort, at);
  clock.set(new Date(at));
  return id;
}

const comment = (
  client: FixtureAccount,
  escort: FixtureAccount,
  comentario = 'Muy puntual y amable, recomendada.',
) =>
  call(t.app, 'POST', '/comments/usuario/registro', client, {
    comentario,
    nick_cliente: client.nickname,
    nick_usuario: escort.nickname,
  });
const clientRates = (client: FixtureAccount, escort: FixtureAccount, n: Record<string, number> = notes(9)) =>
  call(t.app, 'POST', '/ratings/insertarUsuario', client, {
    calificador: client.nickname,
    nickname_usuario: escort.nickname,
    ...n,
  });
const escortRates = (escort: FixtureAccount, client: FixtureAccount, n: Record<string, number> = notes(7)) =>
  call(t.app, 'POST', '/notes/insertarCliente', escort, {
    calificador: escort.nickname,
    nickname_cliente: client.nickname,
    ...n,
  });
const state = async (client: FixtureAccount, escort: FixtureAccount, who = client) =>
  (await call(t.app, 'GET', `/appointments/estado?${pairQuery(client, escort)}`, who)).json();
const commentsOn = async (escort: FixtureAccount, who: FixtureAccount) =>
  (await call(t.app, 'GET', `/comments/nick_usuario/${escort.nickname}`, who)).json() as {
    comentario: string;
    publicado: boolean;
    publica_el: string | null;
  }[];
const escortAverages = async (escort: FixtureAccount, who: FixtureAccount) =>
  (await call(t.app, 'GET', `/ratings/promedioUsuario/${escort.nickname}`, who)).json();
const clientAverages = async (client: FixtureAccount, who: FixtureAccount) =>
  (await call(t.app, 'GET', `/notes/promedioCliente/${client.nickname}`, who)).json();

describe('one side’s review never closes or shortens the other side’s window', () => {
  it('escort rates first: the client still comments and rates; both reviews appear together', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const reader = await approvedClient(t.app);
    const id = await met(client, escort, chileTime(clock.now(), DAY));
    expect((await escortRates(escort, client)).statusCode).toBe(201);
    expect(await state(client, escort)).toMatchObject({
      estado: 'aceptada',
      acceso: true,
      puedeCalificarUsuario: true,
      puedeCalificarCliente: false,
    });
    // Hidden: the client cannot read her rating before writing his, and it is not in his averages.
    expect(await clientAverages(client, client)).toMatchObject({ total: 0 });
    expect((await myMeeting(t.app, client, id)).resena).toMatchObject({ suya: null, suya_pendiente: true });
    expect((await myMeeting(t.app, escort, id)).resena).toMatchObject({
      mia: { notas: notes(7), comentario: null },
      mia_publicada: false,
    });

    const saved = await comment(client, escort);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ mensaje: msg.commentSavedHidden, data: { publicado: false } });
    expect(await commentsOn(escort, escort)).toEqual([]);
    expect(await commentsOn(escort, reader)).toEqual([]);
    expect((await clientRates(client, escort)).statusCode).toBe(201);

    // Both reviewed: everything is published at once, on both sides.
    expect((await commentsOn(escort, reader)).map((c) => c.publicado)).toEqual([true]);
    expect(await escortAverages(escort, reader)).toMatchObject({ promedio_general: 9, total: 1 });
    expect(await clientAverages(client, escort)).toMatchObject({ promedio_general: 7, total: 1 });
    expect((await myMeeting(t.app, client, id)).resena).toMatchObject({
      mia: { notas: notes(9), comentario: 'Muy puntual y amable, recomendada.' },
      mia_publicada: true,
      suya: { notas: notes(7) },
      suya_pendiente: false,
    });
    expect((await myMeeting(t.app, escort, id)).resena).toMatchObject({
      mia_publicada: true,
      suya: { notas: notes(9), comentario: 'Muy puntual y amable, recomendada.' },
    });
  });

  it('client first: the escort still rates afterwards; nothing shows until she does', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const at = chileTime(clock.now(), DAY);
    const id = await met(client, escort, at);
    expect((await comment(client, escort)).statusCode).toBe(201);
    expect((await clientRates(client, escort)).statusCode).toBe(201);
    expect(await state(client, escort, escort)).toMatchObject({ puedeCalificarCliente: true });
    expect(await escortAverages(escort, escort)).toMatchObject({ total: 0 });
    expect(await commentsOn(escort, escort)).toEqual([]);
    expect((await myMeeting(t.app, escort, id)).resena).toMatchObject({ suya: null, suya_pendiente: true });
    expect((await myMeeting(t.app, escort, id)).acciones).toContain('calificar');
    // The author reads his own comment at once, marked as waiting, with the date it will show at the latest.
    const own = await commentsOn(escort, client);
    expect(own).toEqual([
      expect.objectContaining({
        publicado: false,
        publica_el: new Date(Date.parse(at) + 14 * DAY).toISOString(),
      }),
    ]);
    expect((await escortRates(escort, client)).statusCode).toBe(201);
    expect((await commentsOn(escort, escort)).map((c) => c.publicado)).toEqual([true]);
    expect(await escortAverages(escort, escort)).toMatchObject({ total: 1 });
    expect(await clientAverages(client, client)).toMatchObject({ total: 1 });
  });

  it('closing the meeting does not take the client’s review away (cerrada keeps the right)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await met(client, escort, chileTime(clock.now(), DAY));
    await call(t.app, 'PUT', '/conversacion-cliente/cerrar', escort, {
      nickname_cliente: client.nickname,
      nickname_usuario: escort.nickname,
    });
    expect(await state(client, escort)).toMatchObject({
      estado: 'cerrada',
      acceso: true,
      puedeCalificarUsuario: true,
    });
    expect((await comment(client, escort)).statusCode).toBe(201);
    expect((await clientRates(client, escort)).statusCode).toBe(201);
  });
});

describe('the review window: from the meeting time until 14 days after it (decision 0157)', () => {
  it('is closed before the meeting: 409 with the reason for both sides, no action; it opens at its time', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const at = chileTime(clock.now(), 2 * DAY);
    const id = await acceptedMeeting(t.app, client, escort, at);
    const start = clock.now();
    try {
      for (const now of [start, new Date(Date.parse(at) - 1)]) {
        clock.set(now);
        const early = [
          [await comment(client, escort), msg.commentNotYetOpen],
          [await clientRates(client, escort), msg.reviewNotYetOpen],
          [await escortRates(escort, client), msg.reviewNotYetOpen],
        ] as const;
        for (const [res, mensaje] of early) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toEqual({ mensaje, code: 'REVIEW_NOT_YET_OPEN' });
        }
        for (const who of [client, escort]) {
          const m = await myMeeting(t.app, who, id);
          expect(m.acciones).not.toContain('calificar');
          expect(m.acciones).not.toContain('comentar');
          expect(m.resena.desde).toBe(new Date(at).toISOString());
        }
        expect(await state(client, escort)).toMatchObject({ acceso: false, puedeCalificarUsuario: false });
      }
      // At the meeting's time both sides review.
      clock.set(new Date(at));
      expect((await myMeeting(t.app, client, id)).resena.desde).toBeNull();
      expect((await myMeeting(t.app, client, id)).acciones).toEqual(
        expect.arrayContaining(['comentar', 'calificar']),
      );
      expect((await comment(client, escort)).statusCode).toBe(201);
      expect((await clientRates(client, escort)).statusCode).toBe(201);
      expect((await escortRates(escort, client)).statusCode).toBe(201);
    } finally {
      clock.set(start);
    }
  });

  it('open from the meeting and until its 14th day; then 403 for both sides; the reviews publish at its end', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const reader = await approvedClient(t.app);
    const at = chileTime(clock.now(), 2 * DAY);
    const id = await acceptedMeeting(t.app, client, escort, at);
    const end = Date.parse(at) + 14 * DAY;
    expect((await myMeeting(t.app, client, id)).resena.hasta).toBe(new Date(end).toISOString());
    const start = clock.now();
    try {
      // Only the client reviews (comment and rating), the day before the window ends.
      clock.set(new Date(end - DAY));
      expect((await comment(client, escort)).statusCode).toBe(201);
      expect((await clientRates(client, escort)).statusCode).toBe(201);
      expect(await commentsOn(escort, reader)).toEqual([]);
      clock.set(new Date(end + 1));
      const late = await escortRates(escort, client);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ mensaje: msg.reviewWindowClosed, code: 'REVIEW_WINDOW_CLOSED' });
      expect((await myMeeting(t.app, escort, id)).acciones).toEqual([]);
      // The window ended: his review is visible to everyone, and joins her averages with the sweep.
      expect((await commentsOn(escort, reader)).map((c) => c.publicado)).toEqual([true]);
      expect((await myMeeting(t.app, escort, id)).resena).toMatchObject({
        suya: { notas: notes(9) },
        suya_pendiente: false,
      });
      expect(await t.app.background.publishReviews()).toBeGreaterThanOrEqual(1);
      expect(await escortAverages(escort, reader)).toMatchObject({ promedio_general: 9, total: 1 });
      expect(await t.app.background.publishReviews()).toBe(0);
    } finally {
      clock.set(start);
    }
  });

  it('a late comment or rating by the client is 403 with the window message', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const at = chileTime(clock.now(), 2 * HOUR);
    await acceptedMeeting(t.app, client, escort, at);
    const start = clock.now();
    try {
      clock.set(new Date(Date.parse(at) + 14 * DAY + 60_000));
      for (const res of [await comment(client, escort), await clientRates(client, escort)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().mensaje).toBe(msg.reviewWindowClosed);
      }
      expect(await state(client, escort)).toMatchObject({ acceso: false, puedeCalificarUsuario: false });
    } finally {
      clock.set(start);
    }
  });

  it('each meeting is reviewed once per side: a second comment on one meeting is 409', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await met(client, escort, chileTime(clock.now(), DAY));
    expect((await comment(client, escort)).statusCode).toBe(201);
    const start = clock.now();
    try {
      clock.advance(DAY); // another day, so the one-per-day rule is not what answers
      const again = await comment(client, escort, 'Quiero comentar otra vez.');
      expect(again.statusCode).toBe(409);
      expect(again.json().mensaje).toBe(msg.commentDuplicateMeeting);
    } finally {
      clock.set(start);
    }
  });
});

describe('averages from the sums', () => {
  it('one decimal per criterion; the overall is the mean of the unrounded criteria (8.7, not 9.0); the count', async () => {
    const escort = await approvedEscort(t.app);
    const marks = [
      { nota1: 9, nota2: 9, nota3: 9, nota4: 8, nota5: 9 },
      { nota1: 8, nota2: 9, nota3: 9, nota4: 9, nota5: 8 },
      { nota1: 9, nota2: 8, nota3: 9, nota4: 9, nota5: 9 },
    ];
    for (const n of marks) {
      const client = await approvedClient(t.app);
      await met(client, escort, chileTime(clock.now(), DAY));
      expect((await clientRates(client, escort, n)).statusCode).toBe(201);
      expect((await escortRates(escort, client)).statusCode).toBe(201);
    }
    expect(await escortAverages(escort, escort)).toEqual({
      promedio_nota1: 8.7,
      promedio_nota2: 8.7,
      promedio_nota3: 9,
      promedio_nota4: 8.7,
      promedio_nota5: 8.7,
      promedio_general: 8.7,
      total: 3,
    });
  });
});

describe('comments: length, success message, the author deletes within 24 h, per-comment dislikes', () => {
  it('under 10 characters is a 400 with the core message; a published comment says so', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await met(client, escort, chileTime(clock.now(), DAY));
    const short = await comment(client, escort, '  Muy bien ');
    expect(short.statusCode).toBe(400);
    expect(short.json().mensaje).toBe(msg.commentTooShort);
    await escortRates(escort, client);
    await clientRates(client, escort);
    const ok = await comment(client, escort, 'Diez letra');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      mensaje: msg.commentSaved,
      data: { publicado: true, eliminable: true },
    });
  });

  it('its author deletes it within 24 hours; after that only the 3-dislike rule remains', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const other = await approvedClient(t.app);
    await met(client, escort, chileTime(clock.now(), DAY));
    const first = (await comment(client, escort)).json().data.id_comentario as number;
    const start = clock.now();
    try {
      expect((await call(t.app, 'DELETE', `/comments/usuario/eliminar/${first}`, other)).statusCode).toBe(
        403,
      );
      clock.advance(23 * HOUR);
      expect((await call(t.app, 'DELETE', `/comments/usuario/eliminar/${first}`, client)).statusCode).toBe(
        200,
      );
      // The meeting may be commented again (on another day).
      clock.advance(2 * HOUR);
      const second = (await comment(client, escort, 'Lo escribo de nuevo, mejor.')).json().data
        .id_comentario as number;
      clock.advance(24 * HOUR + 60_000);
      const late = await call(t.app, 'DELETE', `/comments/cliente/eliminar/${second}`, client);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ mensaje: msg.commentDeleteExpired, code: 'DELETE_WINDOW_ENDED' });
      const mine = (await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, client)).json();
      expect(mine).toEqual([expect.objectContaining({ id_comentario: second, eliminable: false })]);
    } finally {
      clock.set(start);
    }
  });

  it('"No Me Gusta" on one comment leaves the others usable, and can be undone', async () => {
    const escort = await approvedEscort(t.app);
    const authors = [await approvedClient(t.app), await approvedClient(t.app)];
    const ids: number[] = [];
    for (const a of authors) {
      await met(a, escort, chileTime(clock.now(), DAY));
      ids.push((await comment(a, escort)).json().data.id_comentario as number);
      await clientRates(a, escort);
      await escortRates(escort, a);
    }
    const voter = await approvedClient(t.app);
    await met(voter, escort, chileTime(clock.now(), DAY));
    const dislike = (id: number) => call(t.app, 'PUT', `/comments/usuario/likes/${id}`, voter, {});
    expect((await dislike(ids[0]!)).json().data).toMatchObject({ likes: 1, no_me_gusta: true });
    expect((await dislike(ids[1]!)).json().data).toMatchObject({ likes: 1, no_me_gusta: true });
    const list = await commentsOn(escort, voter);
    expect(list.map((c) => (c as unknown as { no_me_gusta: boolean }).no_me_gusta)).toEqual([true, true]);
    const undo = await call(t.app, 'DELETE', `/comments/usuario/likes/${ids[0]}`, voter);
    expect(undo.json().data).toMatchObject({ likes: 0, no_me_gusta: false });
    expect((await dislike(ids[0]!)).json().data.likes).toBe(1);
  });
});
