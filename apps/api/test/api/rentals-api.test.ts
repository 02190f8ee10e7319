import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

let t: TestApp;
let admin: FixtureAccount;
let escort: FixtureAccount;
let client: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { kind: 'admin' });
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

const place = (n: number, ciudad = 'Viña del Mar') => ({
  ciudad,
  direccion: `Av. Libertad ${n}00`,
  url: `https://www.google.com/maps/embed?pb=lugar-${n}-${Date.now()}`,
});

const add = (body: unknown, who?: { token: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/arriendo/agregar',
    payload: body as object,
    ...(who ? { headers: bearer(who) } : {}),
  });

describe('arriendo/agregar (admin)', () => {
  it('adds a rental, stored under the comuna’s official name', async () => {
    const body = place(1, 'vina del mar');
    const res = await add(body, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      ciudad: 'Viña del Mar',
      direccion: body.direccion,
      url: body.url,
      mensaje: 'Arriendo agregado.',
    });
  });

  it('refuses visitors (401), escorts and clients (403)', async () => {
    expect((await add(place(2))).statusCode).toBe(401);
    expect((await add(place(2), escort)).statusCode).toBe(403);
    expect((await add(place(2), client)).statusCode).toBe(403);
    expect((await add(place(2), client)).json().code).toBe('FORBIDDEN');
  });

  it('validates the city, the address and an https map URL', async () => {
    const bad = await add({ ...place(3), ciudad: 'Gotham' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe('Selecciona una ciudad.');
    const url = await add({ ...place(3), url: 'javascript:alert(1)' }, admin);
    expect(url.statusCode).toBe(400);
    expect(url.json().mensaje).toBe('La URL del mapa debe comenzar con https://.');
    const http = await add({ ...place(3), url: 'http://maps.example.com/x' }, admin);
    expect(http.statusCode).toBe(400);
    const dir = await add({ ...place(3), direccion: ' ' }, admin);
    expect(dir.statusCode).toBe(400);
    expect(dir.json().mensaje).toBe('La dirección debe tener entre 3 y 200 caracteres.');
  });

  it('a second rental with the same URL is 409', async () => {
    const body = place(4);
    expect((await add(body, admin)).statusCode).toBe(201);
    const dup = await add({ ...body, direccion: 'Otra dirección 1' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ mensaje: 'Ya existe un arriendo con esa URL.', code: 'RENTAL_EXISTS' });
  });
});

describe('arriendo/validar and arriendo/ciudad', () => {
  it('validar answers existe true or false for a URL', async () => {
    const body = place(5, 'Concepción');
    await add(body, admin);
    const yes = await t.app.inject({ url: `/api/arriendo/validar?url=${encodeURIComponent(body.url)}` });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ existe: true });
    const no = await t.app.inject({
      url: `/api/arriendo/validar?url=${encodeURIComponent('https://maps.example.com/nada')}`,
    });
    expect(no.json()).toEqual({ existe: false });
    expect((await t.app.inject('/api/arriendo/validar')).statusCode).toBe(400);
  });

  it('ciudad lists a city’s rentals accent-insensitively, and an empty list when there are none', async () => {
    const body = place(6, 'Ñuñoa');
    await add(body, admin);
    for (const city of ['Ñuñoa', 'Nunoa', 'nunoa', encodeURIComponent('ÑUÑOA')]) {
      const res = await t.app.inject(`/api/arriendo/ciudad/${city}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: expect.any(Number), ciudad: 'Ñuñoa', direccion: body.direccion, url: body.url },
      ]);
    }
    const none = await t.app.inject('/api/arriendo/ciudad/Putre');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect((await t.app.inject('/api/arriendo/ciudad/Ciudad-Inventada')).json()).toEqual([]);
  });
});

describe('arriendo/id/{id} DELETE (admin)', () => {
  it('only admins delete; a missing id is 404', async () => {
    const created = (await add(place(7, 'Temuco'), admin)).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/arriendo/id/${created.id}` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/arriendo/id/${created.id}`,
          headers: bearer(escort),
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/arriendo/id/${created.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Arriendo eliminado.' });
    expect((await t.app.inject('/api/arriendo/ciudad/Temuco')).json()).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/arriendo/id/${created.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/arriendo/id/abc', headers: bearer(admin) }))
        .statusCode,
    ).toBe(400);
  });
});
