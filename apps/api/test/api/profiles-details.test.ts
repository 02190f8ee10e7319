import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { escortProfiles } from '../../src/db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (payload: object, who?: FixtureAccount) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/usuario/modificar',
    payload,
    ...(who ? { headers: bearer(who) } : {}),
  });

const escortData = (e: FixtureAccount, over: object = {}) => ({
  rut_usuario: e.rut,
  apellido: 'Valentina',
  fono: '987654321',
  url: e.url,
  medidas: '90/60/90',
  legenda: 'Hola, soy Valentina.',
  ...over,
});

const details = {
  tarifa_desde: 80000,
  servicios: ['viajes', 'cena_evento', 'masajes'],
  atiende: 'ambos',
  horario: '  Lunes a viernes, de 18:00 a 02:00  ',
  idiomas: ['ingles', 'espanol'],
};

async function stored(id: string) {
  const [row] = await t.app.db.select().from(escortProfiles).where(eq(escortProfiles.accountId, id));
  return row!;
}

const publicCard = async (e: FixtureAccount) => {
  const res = await t.app.inject(`/api/usuario/publico/${e.nickname}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('a request that leaves a field out', () => {
  it("answers 400 naming the field in Spanish, not in zod's English", async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const res = await put({ rut_usuario: e.rut, apellido: 'Valentina', fono: '987654321' }, e);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { mensaje: string; fields: Record<string, string> };
    expect(body.fields.medidas).toBe(msg.fieldRequired);
    expect(body.fields.legenda).toBe(msg.fieldRequired);
    expect(JSON.stringify(body)).not.toMatch(/Invalid input|expected|received/);
  });
});

describe('profile details on PUT /api/usuario/modificar', () => {
  it('saves every detail (lists in catalogue order, horario trimmed); the card, own profile and export show them', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    // Warm the public cache so the test proves the write clears it.
    expect((await publicCard(e)).tarifa_desde).toBeNull();
    const res = await put(escortData(e, details), e);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(e.id);
    expect(row.tarifaDesde).toBe(80000);
    expect(row.servicios).toEqual(['cena_evento', 'masajes', 'viajes']);
    expect(row.atiende).toBe('ambos');
    expect(row.horario).toBe('Lunes a viernes, de 18:00 a 02:00');
    expect(row.idiomas).toEqual(['espanol', 'ingles']);
    const expected = {
      tarifa_desde: 80000,
      servicios: ['cena_evento', 'masajes', 'viajes'],
      atiende: 'ambos',
      horario: 'Lunes a viernes, de 18:00 a 02:00',
      idiomas: ['espanol', 'ingles'],
    };
    expect(await publicCard(e)).toMatchObject(expected);
    const own = await t.app.inject({ url: `/api/usuario/profile/${e.rut}`, headers: bearer(e) });
    expect(own.json()).toMatchObject(expected);
    const exported = await t.app.inject({ url: '/api/cuenta/exportar', headers: bearer(e) });
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { perfil_escort: object }).perfil_escort).toMatchObject(expected);
  });

  it('leaving the details out keeps them; null and empty values clear each one', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await put(escortData(e, details), e)).statusCode).toBe(200);
    // The spec's form (no details) changes nothing of them.
    expect((await put(escortData(e, { legenda: 'Otra' }), e)).statusCode).toBe(200);
    expect((await stored(e.id)).tarifaDesde).toBe(80000);
    const cleared = { tarifa_desde: null, servicios: null, atiende: null, horario: null, idiomas: null };
    expect((await put(escortData(e, cleared), e)).statusCode).toBe(200);
    let row = await stored(e.id);
    expect([row.tarifaDesde, row.servicios, row.atiende, row.horario, row.idiomas]).toEqual([
      null,
      [],
      null,
      null,
      [],
    ]);
    expect((await put(escortData(e, details), e)).statusCode).toBe(200);
    const empty = { servicios: [], atiende: '', horario: '   ', idiomas: [] };
    expect((await put(escortData(e, empty), e)).statusCode).toBe(200);
    row = await stored(e.id);
    expect([row.tarifaDesde, row.servicios, row.atiende, row.horario, row.idiomas]).toEqual([
      80000,
      [],
      null,
      null,
      [],
    ]);
    expect(await publicCard(e)).toMatchObject({
      servicios: [],
      atiende: null,
      horario: null,
      idiomas: [],
    });
  });

  it.each([
    ['tarifa_desde', 9999, msg.tarifaDesde],
    ['tarifa_desde', 2_000_001, msg.tarifaDesde],
    ['tarifa_desde', 80000.5, msg.tarifaDesde],
    ['tarifa_desde', '80000', msg.tarifaDesde],
    ['servicios', ['masajes', 'otra_cosa'], msg.servicios],
    ['servicios', ['masajes', 'masajes'], msg.servicios],
    ['servicios', 'masajes', msg.servicios],
    ['atiende', 'hotel', msg.atiende],
    ['atiende', 3, msg.atiende],
    ['horario', 'x'.repeat(201), msg.horario],
    ['horario', 'Lunes\u0007', msg.horario],
    ['idiomas', ['klingon'], msg.idiomas],
    ['idiomas', 'espanol', msg.idiomas],
  ])('refuses %s = %j with a Spanish message for that field', async (field, value, message) => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const res = await put(escortData(e, { [field]: value }), e);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { mensaje: string; fields: Record<string, string> };
    expect(body.fields[field]).toBe(message);
    expect(body.mensaje).toBe(message);
    expect((await stored(e.id)).legenda).not.toBe('Hola, soy Valentina.');
  });

  it('a horario that looks like SQL or HTML is stored and answered as the text it is', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const horario = `'); DELETE FROM sessions; -- <b>noches</b>`;
    expect((await put(escortData(e, { horario }), e)).statusCode).toBe(200);
    expect((await publicCard(e)).horario).toBe(horario);
    expect((await put(escortData(e, {}), e)).statusCode).toBe(200);
  });

  it('takes the limits themselves and 200 characters of horario', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const over = { tarifa_desde: 10000, horario: 'h'.repeat(200) };
    expect((await put(escortData(e, over), e)).statusCode).toBe(200);
    expect((await put(escortData(e, { tarifa_desde: 2_000_000 }), e)).statusCode).toBe(200);
    expect((await stored(e.id)).tarifaDesde).toBe(2_000_000);
  });

  it('only the owner saves: another escort or a client 403, anonymous 401', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    expect((await put(escortData(owner, details), other)).statusCode).toBe(403);
    expect((await put(escortData(owner, details), client)).statusCode).toBe(403);
    expect((await put(escortData(owner, details))).statusCode).toBe(401);
    expect((await stored(owner.id)).tarifaDesde).toBeNull();
  });
});
