import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { comments, meetings } from '../../src/db/schema/index.ts';
import {
  approvedClient,
  approvedEscort,
  block,
  call,
  meet,
  pairOf,
  pairQuery,
  rateBoth,
  requestOf,
} from './marketplace-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const body = (client: FixtureAccount, escort: FixtureAccount, comentario = 'Muy puntual y amable.') => ({
  rut_cliente: client.rut,
  fecha: '1999-01-01',
  comentario,
  likes: 99,
  fono: '900000000',
  nick_cliente: client.nickname,
  nick_usuario: escort.nickname,
});

/** A comment on a meeting both sides then rated, so it is published (decision 0069: double-blind reviews). */
async function commented(client: FixtureAccount, escort: FixtureAccount, text?: string) {
  await meet(t.app, client, escort);
  const res = await call(t.app, 'POST', '/comments/usuario/registro', client, body(client, escort, text));
  expect(res.statusCode, res.body).toBe(201);
  await rateBoth(t.app, client, escort);
  return res.json().data as { id_comentario: number };
}

describe('comments/usuario|cliente/registro', () => {
  // Decision 0069: the comment no longer closes the meeting (only marks it commented).
  it("saves with today's Chilean date and 0 likes whatever the body says, trims; the meeting stays as it was", async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    const res = await call(
      t.app,
      'POST',
      '/comments/usuario/registro',
      client,
      body(client, escort, '   Excelente <b>trato</b>   '),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      nick_cliente: client.nickname,
      nick_usuario: escort.nickname,
      fecha: todayInChile(new Date()),
      comentario: 'Excelente <b>trato</b>',
      likes: 0,
    });
    const [m] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(m).toMatchObject({ status: 'aceptada', comentado: true });
    const q = pairQuery(client, escort);
    expect((await call(t.app, 'GET', `/appointments/estado-comentado?${q}`, client)).json()).toEqual({
      comentado: true,
    });
    expect((await call(t.app, 'GET', `/appointments/verificar-acceso?${q}`, client)).json()).toEqual({
      acceso: false,
    });
  });

  it("401 anonymous; 403 for escorts, admins, another client's nick or RUT", async () => {
    const client = await approvedClient(t.app);
    const other = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    await meet(t.app, client, escort);
    expect(
      (await call(t.app, 'POST', '/comments/usuario/registro', null, body(client, escort))).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/comments/usuario/registro', escort, body(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/comments/usuario/registro', admin, body(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/comments/usuario/registro', other, body(client, escort))).statusCode,
    ).toBe(403);
    const wrongRut = { ...body(client, escort), rut_cliente: other.rut };
    expect((await call(t.app, 'POST', '/comments/usuario/registro', client, wrongRut)).statusCode).toBe(403);
    expect(await t.app.db.select().from(comments).where(eq(comments.escortId, escort.id))).toHaveLength(0);
  });

  it('403 without granted access (no meeting, pending, rejected or closed)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const none = await call(t.app, 'POST', '/comments/cliente/registro', client, body(client, escort));
    expect(none.statusCode).toBe(403);
    expect(none.json().mensaje).toBe(msg.commentAccessRequired);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/comments/cliente/registro', client, body(client, escort))).statusCode,
    ).toBe(403);
    await call(t.app, 'POST', '/appointments/rechazar', escort, pairOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/comments/cliente/registro', client, body(client, escort))).statusCode,
    ).toBe(403);
  });

  it('empty or blank text is a 400 with the spec message; over 1000 characters too', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    const blank = await call(
      t.app,
      'POST',
      '/comments/usuario/registro',
      client,
      body(client, escort, '    '),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().mensaje).toBe('Debes iniciar sesión como cliente para comentar.');
    const long = await call(
      t.app,
      'POST',
      '/comments/usuario/registro',
      client,
      body(client, escort, 'a'.repeat(1001)),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().mensaje).toBe(msg.commentTooLong);
  });

  it('one comment per client, escort and day: a second accepted meeting the same day gets 409', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await commented(client, escort);
    await meet(t.app, client, escort);
    const res = await call(
      t.app,
      'POST',
      '/comments/cliente/registro',
      client,
      body(client, escort, 'Otra vez, igual de bien.'),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(msg.commentAlreadyToday);
    // The failed attempt left the second meeting open to a comment.
    expect(
      (
        await call(t.app, 'GET', `/appointments/verificar-acceso?${pairQuery(client, escort)}`, client)
      ).json(),
    ).toEqual({ acceso: true });
  });

  it('a blocked client cannot comment and gets the neutral refusal', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    await block(t.app, escort, client);
    const res = await call(t.app, 'POST', '/comments/usuario/registro', client, body(client, escort));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ mensaje: msg.forbidden, code: 'FORBIDDEN' });
  });

  it('404 for an unknown profile', async () => {
    const client = await approvedClient(t.app);
    const res = await call(t.app, 'POST', '/comments/usuario/registro', client, {
      ...body(client, client),
      nick_usuario: 'noexiste7',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('reading and checking comments', () => {
  it('nick_usuario/{nick} lists newest first for signed-in accounts; 401 anonymous; 404 unknown', async () => {
    const escort = await approvedEscort(t.app);
    const a = await approvedClient(t.app);
    const b = await approvedClient(t.app);
    await commented(a, escort, 'Primero de todos');
    await commented(b, escort, 'Segundo comentario');
    const res = await call(t.app, 'GET', `/comments/nick_usuario/${escort.nickname}`, a);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { comentario: string }) => c.comentario)).toEqual([
      'Segundo comentario',
      'Primero de todos',
    ]);
    expect((await call(t.app, 'GET', `/comments/nick_usuario/${escort.nickname}`, escort)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/comments/nick_usuario/${escort.nickname}`, null)).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', `/comments/nick_usuario/noexiste7`, a)).statusCode).toBe(404);
    const empty = await approvedEscort(t.app);
    expect((await call(t.app, 'GET', `/comments/nick_usuario/${empty.nickname}`, a)).json()).toEqual([]);
  });

  it("nick_cliente/{nick}: the client's own comments, or an admin; others 403", async () => {
    const escort = await approvedEscort(t.app);
    const client = await approvedClient(t.app);
    const other = await approvedClient(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    await commented(client, escort, 'Mi comentario');
    expect(
      (await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, client)).json(),
    ).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, admin)).json(),
    ).toHaveLength(1);
    expect((await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, other)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, escort)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/comments/nick_cliente/${client.nickname}`, null)).statusCode).toBe(
      401,
    );
  });

  it('usuario|cliente/verificar answer realizado/existe for the client; others 403', async () => {
    const escort = await approvedEscort(t.app);
    const client = await approvedClient(t.app);
    const q = `nick_cliente=${client.nickname}&nick_usuario=${escort.nickname}&fecha=${todayInChile(new Date())}`;
    expect((await call(t.app, 'GET', `/comments/usuario/verificar?${q}`, client)).json()).toEqual({
      realizado: false,
      existe: false,
    });
    await commented(client, escort);
    expect((await call(t.app, 'GET', `/comments/usuario/verificar?${q}`, client)).json()).toEqual({
      realizado: true,
      existe: true,
    });
    expect(
      (
        await call(
          t.app,
          'GET',
          `/comments/cliente/verificar?nick_cliente=${client.nickname}&nick_usuario=${escort.nickname}`,
          client,
        )
      ).json(),
    ).toEqual({
      realizado: true,
      existe: true,
    });
    expect(
      (
        await call(
          t.app,
          'GET',
          `/comments/usuario/verificar?${q.replace(todayInChile(new Date()), '2000-01-01')}`,
          client,
        )
      ).json().realizado,
    ).toBe(false);
    expect((await call(t.app, 'GET', `/comments/usuario/verificar?${q}`, escort)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/comments/usuario/verificar?${q}`, null)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', `/appointments/estado?${pairQuery(client, escort)}`, client)).json()
        .comentadoHoy,
    ).toBe(true);
  });
});

describe('No Me Gusta and Eliminar', () => {
  // Decision 0069: "No Me Gusta" is per comment and can be undone; the click flag is no longer spent.
  it('adds exactly one per client and comment whatever the body says; a repeat changes nothing; undo removes it', async () => {
    const escort = await approvedEscort(t.app);
    const author = await approvedClient(t.app);
    const { id_comentario: id } = await commented(author, escort);
    const voter = await approvedClient(t.app);
    // No meeting with this escort: no click.
    const denied = await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, voter, { likes: 50 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().mensaje).toBe(msg.dislikeNotAllowed);
    await meet(t.app, voter, escort);
    const res = await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, voter, { likes: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id_comentario: id, likes: 1, no_me_gusta: true });
    expect(
      (await call(t.app, 'GET', `/appointments/click-activo?${pairQuery(voter, escort)}`, voter)).json(),
    ).toEqual({ click: true });
    const again = await call(t.app, 'PUT', `/comments/cliente/likes/${id}`, voter, { likes: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.likes).toBe(1);
    const undo = await call(t.app, 'DELETE', `/comments/cliente/likes/${id}`, voter);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ likes: 0, no_me_gusta: false });
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, id));
    expect(row!.likes).toBe(0);
  });

  it('the author, escorts, admins and anonymous callers cannot dislike; unknown id is 404', async () => {
    const escort = await approvedEscort(t.app);
    const author = await approvedClient(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    const { id_comentario: id } = await commented(author, escort);
    await meet(t.app, author, escort); // author has a live click again
    expect((await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, author, {})).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, escort, {})).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, admin, {})).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, null, {})).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `/comments/usuario/likes/999999`, author, {})).statusCode).toBe(404);
  });

  it('Eliminar needs 3+ dislikes, and the escort of the profile or an admin', async () => {
    const escort = await approvedEscort(t.app);
    const otherEscort = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    const author = await approvedClient(t.app);
    const { id_comentario: id } = await commented(author, escort);
    const early = await call(t.app, 'DELETE', `/comments/usuario/eliminar/${id}`, escort);
    expect(early.statusCode).toBe(403);
    expect(early.json().mensaje).toBe(msg.commentDeleteNotAllowed);
    for (let i = 0; i < 3; i++) {
      const voter = await approvedClient(t.app);
      await meet(t.app, voter, escort);
      expect(
        (await call(t.app, 'PUT', `/comments/usuario/likes/${id}`, voter, { likes: 0 })).statusCode,
      ).toBe(200);
    }
    // (Its author may delete it within 24 hours: reviews-comments.test.ts.)
    expect((await call(t.app, 'DELETE', `/comments/usuario/eliminar/${id}`, otherEscort)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'DELETE', `/comments/usuario/eliminar/${id}`, null)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `/comments/cliente/eliminar/${id}`, escort)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/comments/cliente/eliminar/${id}`, escort)).statusCode).toBe(404);

    const second = await approvedClient(t.app);
    const { id_comentario: id2 } = await commented(second, escort);
    await t.app.db.update(comments).set({ likes: 3 }).where(eq(comments.id, id2));
    expect((await call(t.app, 'DELETE', `/comments/usuario/eliminar/${id2}`, admin)).statusCode).toBe(200);
  });
});
