import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { escortCardSchema, escortListCardSchema } from '@encanto/core/escorts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { escortProfiles } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';

let t: TestApp;
let approved: FixtureAccount;
let older: FixtureAccount;
let vina: FixtureAccount;

/** Changes a visibility input the way the owning services do: in place, then re-derive and clear caches. */
async function setProfile(account: FixtureAccount, values: Partial<typeof escortProfiles.$inferInsert>) {
  await t.app.db.update(escortProfiles).set(values).where(eq(escortProfiles.accountId, account.id));
  await syncEscortVisibility(t.app.db, account.id, t.app.services.clock.now());
  t.app.services.publicCache.clear();
}

beforeAll(async () => {
  t = await createTestApp();
  older = await createAccount(t.app, {
    kind: 'escort',
    autorizado: 'aprobado',
    ciudad: 'Ñuñoa',
    fechaNac: '1990-01-15',
  });
  await t.app.db
    .update(escortProfiles)
    .set({ createdAt: new Date(Date.now() - 86_400_000) })
    .where(eq(escortProfiles.accountId, older.id));
  approved = await createAccount(t.app, {
    kind: 'escort',
    autorizado: 'aprobado',
    ciudad: 'Ñuñoa',
    fechaNac: '1999-03-01',
  });
  await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente', ciudad: 'Ñuñoa' });
  await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
  // Created here, not by the test that reads her city, so /api/ultimos sees her whatever the order.
  vina = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Viña del Mar' });
  await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Ñuñoa' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/usuario/ciudad/:city', () => {
  it('lists approved, available escorts of the city, newest first, in the card shape', async () => {
    const res = await t.app.inject('/api/usuario/ciudad/%C3%91u%C3%B1oa');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((e: { nickname: string }) => e.nickname)).toEqual([approved.nickname, older.nickname]);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['apellido', 'ciudad', 'edad', 'estado', 'genero', 'nickname', 'srcset', 'url'].sort(),
    );
    expect(body[0]).toMatchObject({
      apellido: approved.nickname,
      ciudad: 'Ñuñoa',
      genero: 'Femenino',
      estado: 'disponible',
    });
    expect(typeof body[0].edad).toBe('number');
    expect(body[0].edad).toBeGreaterThanOrEqual(18);
  });

  it('never sends private fields', async () => {
    const text = (await t.app.inject('/api/usuario/ciudad/Nunoa')).body;
    for (const field of ['rut', 'email', 'fecha_nac', 'fechaNac', 'pass', 'fono', 'nombre', 'motivo']) {
      expect(text).not.toContain(`"${field}"`);
    }
    expect(text).not.toContain(approved.rut);
    expect(text).not.toContain(approved.email);
  });

  it('matches the city without regard to accents, case or hyphens', async () => {
    for (const city of ['Nunoa', 'nuñoa', 'NUNOA', '%C3%91u%C3%B1oa']) {
      const res = await t.app.inject(`/api/usuario/ciudad/${city}`);
      expect(res.json(), city).toHaveLength(2);
    }
    const res = await t.app.inject('/api/usuario/ciudad/Vina-del-Mar');
    expect(res.json().map((e: { nickname: string }) => e.nickname)).toEqual([vina.nickname]);
  });

  it('leaves out pending escorts and clients', async () => {
    const body = (await t.app.inject('/api/usuario/ciudad/Nunoa')).json();
    expect(body).toHaveLength(2);
  });

  it('hides an inactive, paused or suspended escort and shows her again when restored', async () => {
    await setProfile(older, { estado: 'inactiva' });
    expect((await t.app.inject('/api/usuario/ciudad/Nunoa')).json()).toHaveLength(1);
    await setProfile(older, { estado: 'disponible', paused: true });
    expect((await t.app.inject('/api/usuario/ciudad/Nunoa')).json()).toHaveLength(1);
    await setProfile(older, { paused: false, suspended: true });
    expect((await t.app.inject('/api/usuario/ciudad/Nunoa')).json()).toHaveLength(1);
    await setProfile(older, { suspended: false });
    expect((await t.app.inject('/api/usuario/ciudad/Nunoa')).json()).toHaveLength(2);
  });

  it('answers an empty list for a city without escorts or an unknown one', async () => {
    for (const city of ['Putre', 'Gotham', '---']) {
      const res = await t.app.inject(`/api/usuario/ciudad/${city}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('sends Cache-Control and an ETag, and 304 for a matching If-None-Match', async () => {
    const res = await t.app.inject('/api/usuario/ciudad/Nunoa');
    expect(res.headers['cache-control']).toContain('max-age=5');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      url: '/api/usuario/ciudad/Nunoa',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('rejects an over-long city name with 400', async () => {
    const res = await t.app.inject(`/api/usuario/ciudad/${'a'.repeat(81)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBeTruthy();
  });
});

describe('GET /api/ultimos', () => {
  it('lists the latest listed escorts from every city', async () => {
    const body = (await t.app.inject('/api/ultimos')).json();
    const cities = new Set(body.map((e: { ciudad: string }) => e.ciudad));
    expect(cities).toEqual(new Set(['Ñuñoa', 'Temuco', 'Viña del Mar']));
    expect(body.every((e: { estado: string }) => e.estado === 'disponible')).toBe(true);
  });

  it("answers, cached, exactly the route's card: the search's richer card is cut by the route's schema", async () => {
    // Read twice: the second answer comes from the public cache, as every read within 5 s does.
    for (const res of [await t.app.inject('/api/ultimos'), await t.app.inject('/api/ultimos')]) {
      const [card] = res.json() as Record<string, unknown>[];
      expect(Object.keys(card!)).toEqual(Object.keys(escortCardSchema.shape));
    }
    const search = (await t.app.inject('/api/escorts')).json() as { items: Record<string, unknown>[] };
    expect(Object.keys(search.items[0]!)).toEqual(Object.keys(escortListCardSchema.shape));
  });
});
