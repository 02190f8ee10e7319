import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, auditLog, escortProfiles } from '../../src/db/schema/index.ts';
import { addDocument } from './data-rights-fixtures.ts';

let t: TestApp;
let admin: FixtureAccount;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const ask = (who: FixtureAccount | null, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cuenta/rectificacion',
    headers: who ? bearer(who) : {},
    payload: body,
  });
const decide = (id: number, estado: string, who: FixtureAccount | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/rectificaciones/${id}`,
    headers: who ? bearer(who) : {},
    payload: { estado },
  });
const accountOf = async (a: FixtureAccount) =>
  (await t.app.db.select().from(accounts).where(eq(accounts.id, a.id)))[0]!;

describe('POST /api/cuenta/rectificacion', () => {
  it('files a request (201) and lists it for its owner', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const res = await ask(client, {
      campo: 'nombre',
      valor: 'María José Pérez Soto',
      detalle: 'Falta mi segundo nombre',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      mensaje: 'Recibimos tu solicitud. Verás la respuesta aquí, en Mis datos.',
      solicitud: {
        campo: 'nombre',
        valor: 'María José Pérez Soto',
        detalle: 'Falta mi segundo nombre',
        estado: 'abierta',
      },
    });
    const own = await t.app.inject({ url: '/api/cuenta/rectificacion', headers: bearer(client) });
    expect(own.json()).toHaveLength(1);
  });

  it('one open request per field (409)', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    await ask(client, { campo: 'rut', valor: '11.111.111-1' });
    const res = await ask(client, { campo: 'rut', valor: '11.111.111-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe('Ya tienes una solicitud abierta para ese dato.');
    expect((await ask(client, { campo: 'fecha_nac', valor: '1990-01-01' })).statusCode).toBe(201);
  });

  it('400 for an unknown field, an empty value or a long detail; 401 without a session; 403 for an admin', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const field = await ask(client, { campo: 'email', valor: 'x@y.cl' });
    expect(field.statusCode).toBe(400);
    expect(field.json().mensaje).toBe('Elige el dato que quieres corregir.');
    const empty = await ask(client, { campo: 'nombre', valor: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe('Escribe el valor correcto (máximo 120 caracteres).');
    const long = await ask(client, {
      campo: 'nombre',
      valor: 'Nombre Largo Real',
      detalle: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().mensaje).toBe('El detalle puede tener como máximo 1000 caracteres.');
    expect((await ask(null, { campo: 'nombre', valor: 'Nombre Largo Real' })).statusCode).toBe(401);
    expect((await ask(admin, { campo: 'nombre', valor: 'Nombre Largo Real' })).statusCode).toBe(403);
    expect((await t.app.inject('/api/cuenta/rectificacion')).statusCode).toBe(401);
  });
});

describe('admin rectification list and decisions', () => {
  it('401/403 for non-admins', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    expect((await t.app.inject('/api/admin/rectificaciones')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/rectificaciones', headers: bearer(client) })).statusCode,
    ).toBe(403);
    expect((await decide(1, 'resuelta', client)).statusCode).toBe(403);
  });

  it('lists open requests with the current value; resolving applies the value and logs it', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const { json } = await ask(escort, { campo: 'fecha_nac', valor: '1992-03-04' });
    const id = json().solicitud.id as number;
    const list = await t.app.inject({ url: '/api/admin/rectificaciones', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((r: { id: number }) => r.id === id)).toMatchObject({
      nickname: escort.nickname,
      tipo: 'usuario',
      campo: 'fecha_nac',
      valor: '1992-03-04',
      valor_actual: '1995-05-05',
    });
    const res = await decide(id, 'resuelta');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Dato corregido.' });
    expect((await accountOf(escort)).fechaNac).toBe('1992-03-04');
    const card = await t.app.inject(`/api/usuario/publico/${escort.nickname}`);
    expect(card.json().edad).toBeGreaterThanOrEqual(33);
    const again = await decide(id, 'rechazada');
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe('Esta solicitud ya fue revisada.');
    const log = await t.app.db.select().from(auditLog).where(eq(auditLog.accountId, escort.id));
    expect(log.map((l) => [l.action, l.reasons, l.adminNickname])).toEqual([
      ['rectificacion_aplicada', 'Fecha de nacimiento', admin.nickname],
    ]);
    const open = await t.app.inject({ url: '/api/admin/rectificaciones', headers: bearer(admin) });
    expect(open.json().some((r: { id: number }) => r.id === id)).toBe(false);
    const all = await t.app.inject({
      url: '/api/admin/rectificaciones?estado=todas',
      headers: bearer(admin),
    });
    expect(all.json().find((r: { id: number }) => r.id === id).estado).toBe('resuelta');
  });

  it('rejecting leaves the data as it was', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const id = (await ask(client, { campo: 'nombre', valor: 'Otro Nombre Completo' })).json().solicitud
      .id as number;
    const res = await decide(id, 'rechazada');
    expect(res.json()).toEqual({ mensaje: 'Solicitud rechazada.' });
    expect((await accountOf(client)).nombre).toBe(`Nombre Apellido ${client.nickname}`);
    const own = await t.app.inject({ url: '/api/cuenta/rectificacion', headers: bearer(client) });
    expect(own.json()[0].estado).toBe('rechazada');
  });

  it('an invalid value cannot be applied (400, request stays open); a RUT of someone else is 409', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const minor = (await ask(client, { campo: 'fecha_nac', valor: '2020-01-01' })).json().solicitud
      .id as number;
    const bad = await decide(minor, 'resuelta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe('No se permiten menores de 18 años.');
    const short = (await ask(client, { campo: 'nombre', valor: 'Ana' })).json().solicitud.id as number;
    expect((await decide(short, 'resuelta')).json().mensaje).toBe(
      'El nombre debe tener al menos 10 caracteres.',
    );
    const other = await createAccount(t.app, { kind: 'client' });
    const dup = (await ask(client, { campo: 'rut', valor: other.rut })).json().solicitud.id as number;
    const res = await decide(dup, 'resuelta');
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe('El RUT, email o nickname ya existen.');
    const list = await t.app.inject({ url: '/api/admin/rectificaciones', headers: bearer(admin) });
    expect(list.json().filter((r: { nickname: string }) => r.nickname === client.nickname)).toHaveLength(3);
    expect((await decide(999999, 'resuelta')).statusCode).toBe(404);
    expect((await decide(minor, 'quizas')).statusCode).toBe(400);
  });

  it('a valid RUT correction is applied with its uniqueness key', async () => {
    const escort = await createAccount(t.app, { kind: 'escort' });
    const id = (await ask(escort, { campo: 'rut', valor: '12.345.678-5' })).json().solicitud.id as number;
    expect((await decide(id, 'resuelta')).statusCode).toBe(200);
    expect(await accountOf(escort)).toMatchObject({ rut: '12.345.678-5', rutNorm: '123456785' });
  });
});

describe('PUT /api/cuenta/pausa and GET /api/cuenta/mis-datos', () => {
  it('an escort pauses (hidden everywhere, nothing deleted) and comes back', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Castro' });
    const pause = (pausado: unknown, who: FixtureAccount | null = escort) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cuenta/pausa',
        headers: who ? bearer(who) : {},
        payload: { pausado },
      });
    const res = await pause(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mensaje: 'Tu perfil quedó en pausa: nadie lo verá hasta que lo reactives.',
      pausado: true,
    });
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/usuario/ciudad/Castro')).body).not.toContain(escort.nickname);
    const [flags] = await t.app.db
      .select()
      .from(escortProfiles)
      .where(eq(escortProfiles.accountId, escort.id));
    expect(flags).toMatchObject({ paused: true, public: false, listed: false });
    const mine = await t.app.inject({ url: '/api/cuenta/mis-datos', headers: bearer(escort) });
    expect(mine.json()).toMatchObject({ tipo: 'usuario', pausado: true, suspendido: false, bloqueados: [] });

    const back = await pause(false);
    expect(back.json()).toEqual({ mensaje: 'Tu perfil está visible otra vez.', pausado: false });
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/usuario/ciudad/Castro')).body).toContain(escort.nickname);

    const client = await createAccount(t.app, { kind: 'client' });
    expect((await pause(true, client)).statusCode).toBe(403);
    expect((await pause(true, null)).statusCode).toBe(401);
    expect((await pause('si')).statusCode).toBe(400);
  });

  it('Mis datos tells a client when the document will be deleted', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await addDocument(t.app, client);
    const res = await t.app.inject({ url: '/api/cuenta/mis-datos', headers: bearer(client) });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({
      tipo: 'cliente',
      nickname: client.nickname,
      pausado: null,
      bloqueados: null,
      retencion_dias: 30,
    });
    const days = (Date.parse(data.documento.se_elimina_el) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect((await t.app.inject('/api/cuenta/mis-datos')).statusCode).toBe(401);
  });
});
