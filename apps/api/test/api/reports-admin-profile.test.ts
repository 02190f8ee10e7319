import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { acceptedMeeting, chileTime, DAY } from './meetings-helpers.ts';

/** Decision 0076: a reported profile opens in an admin view that says whether and why it is hidden. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const view = (nickname: string, who?: FixtureAccount) =>
  t.app.inject({ url: `/api/admin/perfil/${nickname}`, headers: who ? bearer(who) : {} });

async function report(nickname: string, motivo: string, who?: FixtureAccount) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/denuncias',
    payload: { nickname_usuario: nickname, motivo, detalle: 'Parece muy joven en las fotos.' },
    headers: who ? bearer(who) : {},
  });
  expect(res.statusCode).toBe(201);
}

describe('GET /api/admin/perfil/{nickname}', () => {
  it('is for admins only: 401 without a session, 403 for clients, other escorts and the escort herself', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await view(escort.nickname)).statusCode).toBe(401);
    for (const who of [
      escort,
      await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
      await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' }),
    ]) {
      const res = await view(escort.nickname, who);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(escort.rut);
    }
  });

  it('404 in Spanish for an unknown nickname and for an account that is not an escort', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    for (const nickname of ['nadieaqui', client.nickname]) {
      const res = await view(nickname, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(msg.accountNotFound);
    }
  });

  it('a visible profile: identity to compare with the document (age included), not hidden, no reports', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, {
      kind: 'escort',
      autorizado: 'aprobado',
      fechaNac: '2000-02-29',
      ciudad: 'Valparaíso',
    });
    const res = await view(escort.nickname.toUpperCase(), admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toMatchObject({
      nickname: escort.nickname,
      rut: escort.rut,
      email: escort.email,
      fecha_nac: '2000-02-29',
      edad: ageOn('2000-02-29', todayInChile(new Date())),
      ciudad: 'Valparaíso',
      autorizado: 'aprobado',
      estado: 'disponible',
      pausado: false,
      listado: true,
      retencion: null,
      denuncias: [],
    });
    expect(res.body).not.toContain('argon2');
  });

  it('on hold after a trusted possible-minor report: says so and why; suspended says the report reason; reinstated clears it', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const witness = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    // A witness: an approved client she accepted a meeting with.
    await acceptedMeeting(t.app, witness, escort, chileTime(new Date(), DAY));
    await report(escort.nickname, 'menor', witness);

    const held = (await view(escort.nickname, admin)).json();
    expect(held.retencion).toMatchObject({ estado: 'en_espera', motivo: msg.holdTrustedReporter });
    expect(new Date(held.retencion.desde).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(held.listado).toBe(false);
    expect(held.denuncias).toHaveLength(1);
    expect(held.denuncias[0]).toMatchObject({
      nickname_usuario: escort.nickname,
      motivo: 'menor',
      detalle: 'Parece muy joven en las fotos.',
      estado: 'abierta',
      perfil_suspendido: true,
      urgente: false,
    });

    // A second, anonymous report of another kind: both listed, newest first.
    await report(escort.nickname, 'spam');
    const two = (await view(escort.nickname, admin)).json();
    expect(two.denuncias.map((d: { motivo: string }) => d.motivo)).toEqual(['spam', 'menor']);

    const suspend = await t.app.inject({
      method: 'PUT',
      url: `/api/denuncias/${held.denuncias[0].id}/suspender`,
      headers: bearer(admin),
      payload: { motivo: 'Su documento dice 16 años' },
    });
    expect(suspend.statusCode).toBe(200);
    const suspended = (await view(escort.nickname, admin)).json();
    expect(suspended.retencion).toMatchObject({
      estado: 'suspendido',
      motivo: 'Posible menor de edad: Su documento dice 16 años',
    });
    expect(suspended.denuncias.map((d: { estado: string }) => d.estado)).toEqual([
      'suspendida',
      'suspendida',
    ]);

    const reinstate = await t.app.inject({
      method: 'PUT',
      url: `/api/denuncias/${held.denuncias[0].id}/reincorporar`,
      headers: bearer(admin),
    });
    expect(reinstate.statusCode).toBe(200);
    const back = (await view(escort.nickname, admin)).json();
    expect(back.retencion).toBeNull();
    expect(back.listado).toBe(true);
  });

  it('a pending escort is viewable too, and says she is not approved', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, { kind: 'escort' });
    const res = await view(escort.nickname, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ autorizado: 'pendiente', listado: false, retencion: null });
  });
});
