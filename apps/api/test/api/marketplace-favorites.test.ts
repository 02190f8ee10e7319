import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { escortProfiles, favorites } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { approvedClient, approvedEscort, call } from './marketplace-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('favorites', () => {
  it('agregar, validar, mios and borra for the client in session', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const body = { nick_usuario: escort.nickname, rut_cliente: client.rut };
    const q = `/favorites/validar?nick_usuario=${escort.nickname}&nick_cliente=${encodeURIComponent(client.rut)}`;
    expect((await call(t.app, 'GET', q, client)).json()).toEqual({ existe: false });
    const add = await call(t.app, 'POST', '/favorites/agregar', client, body);
    expect(add.statusCode).toBe(200);
    expect(add.json().favorito).toEqual({ nick_usuario: escort.nickname, rut_cliente: client.rut });
    // Adding twice keeps one row.
    expect((await call(t.app, 'POST', '/favorites/agregar', client, body)).statusCode).toBe(200);
    expect(await t.app.db.select().from(favorites).where(eq(favorites.clientId, client.id))).toHaveLength(1);
    expect((await call(t.app, 'GET', q, client)).json()).toEqual({ existe: true });
    const mine = await call(t.app, 'GET', '/favorites/mios', client);
    expect(mine.json()).toEqual([
      {
        nick_usuario: escort.nickname,
        usuario_nickname: escort.nickname,
        usuario_url: escort.url,
        apellido: escort.nickname,
        srcset: '',
      },
    ]);
    expect((await call(t.app, 'DELETE', '/favorites/borra', client, body)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', q, client)).json()).toEqual({ existe: false });
    expect((await call(t.app, 'DELETE', '/favorites/borra', client, body)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/favorites/mios', client)).json()).toEqual([]);
  });

  it('a RUT typed without dots or dash still matches the caller', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const res = await call(t.app, 'POST', '/favorites/agregar', client, {
      nick_usuario: escort.nickname,
      rut_cliente: client.rut.replace(/[.-]/g, ''),
    });
    expect(res.statusCode).toBe(200);
  });

  it("401 anonymous; 403 for another client's RUT, escorts and admins", async () => {
    const client = await approvedClient(t.app);
    const other = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    const body = { nick_usuario: escort.nickname, rut_cliente: client.rut };
    expect((await call(t.app, 'POST', '/favorites/agregar', null, body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/favorites/agregar', other, body)).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', '/favorites/agregar', escort, { ...body, rut_cliente: escort.rut }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/favorites/agregar', admin, { ...body, rut_cliente: admin.rut }))
        .statusCode,
    ).toBe(403);
    await call(t.app, 'POST', '/favorites/agregar', client, body);
    expect((await call(t.app, 'DELETE', '/favorites/borra', other, body)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', '/favorites/borra', null, body)).statusCode).toBe(401);
    expect(
      (
        await call(
          t.app,
          'GET',
          `/favorites/validar?nick_usuario=${escort.nickname}&nick_cliente=${client.rut}`,
          other,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          t.app,
          'GET',
          `/favorites/validar?nick_usuario=${escort.nickname}&nick_cliente=${client.rut}`,
          null,
        )
      ).statusCode,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/favorites/mios', null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/favorites/mios', escort)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/favorites/mios', other)).json()).toEqual([]);
  });

  it('404 for unknown or unpublished profiles; a paused profile drops out of mios', async () => {
    const client = await approvedClient(t.app);
    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    expect(
      (
        await call(t.app, 'POST', '/favorites/agregar', client, {
          nick_usuario: 'noexiste2',
          rut_cliente: client.rut,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/favorites/agregar', client, {
          nick_usuario: pending.nickname,
          rut_cliente: client.rut,
        })
      ).statusCode,
    ).toBe(404);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/favorites/agregar', client, {
      nick_usuario: escort.nickname,
      rut_cliente: client.rut,
    });
    await t.app.db
      .update(escortProfiles)
      .set({ paused: true })
      .where(eq(escortProfiles.accountId, escort.id));
    await syncEscortVisibility(t.app.db, escort.id, t.app.services.clock.now());
    expect((await call(t.app, 'GET', '/favorites/mios', client)).json()).toEqual([]);
  });

  it('a missing field is a 400', async () => {
    const client = await approvedClient(t.app);
    expect(
      (await call(t.app, 'POST', '/favorites/agregar', client, { rut_cliente: client.rut })).statusCode,
    ).toBe(400);
  });
});
