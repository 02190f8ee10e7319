import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { escortProfiles } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';

let t: TestApp;
let escort: FixtureAccount;
let pending: FixtureAccount;

async function setProfile(account: FixtureAccount, values: Partial<typeof escortProfiles.$inferInsert>) {
  await t.app.db.update(escortProfiles).set(values).where(eq(escortProfiles.accountId, account.id));
  await syncEscortVisibility(t.app.db, account.id, t.app.services.clock.now());
  t.app.services.publicCache.clear();
}

beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Talca' });
  await setProfile(escort, { medidas: '90/60/90', legenda: 'Hola, soy <b>simpática</b>.' });
  pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente', ciudad: 'Talca' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/usuario/publico/:nickname', () => {
  it('returns the public card of an approved escort, by nickname in any case', async () => {
    const res = await t.app.inject(`/api/usuario/publico/${escort.nickname.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      nickname: escort.nickname,
      apellido: escort.nickname,
      medidas: '90/60/90',
      legenda: 'Hola, soy <b>simpática</b>.',
      fono: '912345678',
      genero: 'Femenino',
      ciudad: 'Talca',
      estado: 'disponible',
      autorizado: 'aprobado',
    });
    expect(card.edad).toBeGreaterThanOrEqual(18);
    expect(Date.parse(card.actualizado)).not.toBeNaN();
    for (const field of ['rut', 'email', 'fecha_nac', 'fechaNac', 'nombre', 'passHash', 'motivo'])
      expect(card).not.toHaveProperty(field);
    expect(res.body).not.toContain(escort.rut);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toContain('public');
  });

  it('is 404 for an unknown nickname, a pending escort and a client', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    for (const nick of ['nadie123', pending.nickname, client.nickname]) {
      const res = await t.app.inject(`/api/usuario/publico/${nick}`);
      expect(res.statusCode, nick).toBe(404);
      expect(res.json()).toEqual({ mensaje: 'No encontrado.', code: 'NOT_FOUND' });
    }
  });

  it('is 404 while paused or suspended', async () => {
    await setProfile(escort, { paused: true });
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(404);
    await setProfile(escort, { paused: false, suspended: true });
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(404);
    await setProfile(escort, { suspended: false });
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(200);
  });

  it('still returns an inactive escort, with estado inactiva', async () => {
    await setProfile(escort, { estado: 'inactiva' });
    const res = await t.app.inject(`/api/usuario/publico/${escort.nickname}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().estado).toBe('inactiva');
    await setProfile(escort, { estado: 'disponible' });
  });
});

describe('GET /api/usuario/tu-card/:nickname', () => {
  it('lets a pending escort see her own card', async () => {
    const res = await t.app.inject({
      url: `/api/usuario/tu-card/${pending.nickname}`,
      headers: bearer(pending),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nickname: pending.nickname, autorizado: 'pendiente', listado: false });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('requires a session (401) and the owner (403)', async () => {
    expect((await t.app.inject(`/api/usuario/tu-card/${pending.nickname}`)).statusCode).toBe(401);
    const res = await t.app.inject({
      url: `/api/usuario/tu-card/${pending.nickname}`,
      headers: bearer(escort),
    });
    expect(res.statusCode).toBe(403);
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const own = await t.app.inject({
      url: `/api/usuario/tu-card/${client.nickname}`,
      headers: bearer(client),
    });
    expect(own.statusCode).toBe(403);
  });

  it('lets an admin look at any escort card', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const res = await t.app.inject({
      url: `/api/usuario/tu-card/${pending.nickname}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/usuario/tu-card/nadie123', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
  });
});
