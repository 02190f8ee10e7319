import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { accounts } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, uniqueRut } from '../helpers/fixtures.ts';
import { uniqueSuffix } from './world.ts';

/**
 * Client IDs are checked like escorts' RUTs: a value written like a RUT needs
 * its check digit, anything else must look like a passport number. Invented
 * RUTs, words and markup used to register.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

function registration(rut: string) {
  const nickname = `c${uniqueSuffix()}`;
  return {
    rut_cliente: rut,
    nombre: 'Juan Pérez Soto',
    nickname,
    fecha_nac: '1990-04-12',
    email: `${nickname}@correo.cl`,
    pass: 'clave123',
    fono: '987654321',
    genero: 'Masculino',
    ciudad: 'Ñuñoa',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
  };
}

const register = (rut: string) =>
  t.app.inject({ method: 'POST', url: '/api/cliente/registro', payload: registration(rut) });

describe('client ID at registration', () => {
  for (const forged of ['12345678-9', '12.345.678-9', 'estefania', '<svg/onload=alert()>', "1' OR '1'='1"]) {
    it(`refuses ${JSON.stringify(forged)} with 400 'Formato de RUT no válido.' and stores nothing`, async () => {
      const res = await register(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      // Values with spaces stop at the spec's first rule (8+ characters, no spaces).
      expect([msg.rutFormat, msg.rut]).toContain((res.json() as { mensaje: string }).mensaje);
      const stored = await t.app.db.select().from(accounts).where(eq(accounts.rut, forged));
      expect(stored).toEqual([]);
    });
  }

  it('accepts a valid RUT in any writing and keeps one account per RUT', async () => {
    const rut = uniqueRut();
    expect((await register(rut)).statusCode).toBe(201);
    const again = await register(rut.replaceAll('.', ''));
    expect(again.statusCode).toBe(409);
  });

  it('accepts a passport number, and one account per passport however it is cased', async () => {
    // Seven digits always: a shorter number would fall under the 8-character minimum one run in ten.
    const passport = `AB${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const first = await register(passport);
    expect(first.statusCode, first.body).toBe(201);
    expect((await register(passport.toLowerCase())).statusCode).toBe(409);
  });

  it('an admin cannot rectify a client ID into an invented RUT either', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/cuenta/rectificacion',
      headers: bearer(client),
      payload: { campo: 'rut', valor: '12345678-9' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = (asked.json() as { solicitud: { id: number } }).solicitud.id;
    const applied = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rectificaciones/${id}`,
      headers: bearer(admin),
      payload: { estado: 'resuelta' },
    });
    expect(applied.statusCode).toBe(400);
    expect((applied.json() as { mensaje: string }).mensaje).toBe(msg.rutFormat);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, client.id));
    expect(row!.rut).toBe(client.rut);
  });
});
