import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comunas } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import { searchOrderValues } from '@encanto/core/search-params';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { escortProfiles } from '../../src/db/schema/index.ts';

/** The profile details' filters of GET /api/escorts (decision 0103), in one comuna of their own. */
let t: TestApp;
const e: Record<string, FixtureAccount> = {};
const comuna = comunas.find((c) => c.name === 'Pucón')!.slug;
const here = `?comuna=${comuna}`;

type Answer = {
  items: { nickname: string; tarifa_desde: number | null }[];
  siguiente: string | null;
  total: number;
  total_exacto: boolean;
};

async function search(query: string): Promise<Answer> {
  const res = await t.app.inject(`/api/escorts${here}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const sorted = (xs: string[]) => [...xs].sort();
const nick = (...keys: string[]) => sorted(keys.map((k) => e[k]!.nickname));
const found = async (query: string) => sorted((await search(query)).items.map((c) => c.nickname));

/** Every page of a search, following `siguiente`. */
async function walk(query: string, limite: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const a: Answer = await search(
      `${query}&limite=${limite}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(a.items.map((c) => c.nickname));
    cursor = a.siguiente;
  } while (cursor && pages.length < 50);
  return pages;
}

type Details = {
  tarifaDesde: number | null;
  servicios: string[];
  atiende: 'en_su_lugar' | 'a_domicilio' | 'ambos' | null;
};
const plan: Record<string, Details> = {
  a: { tarifaDesde: 50000, servicios: ['masajes', 'viajes'], atiende: 'en_su_lugar' },
  b: { tarifaDesde: 120000, servicios: ['masajes'], atiende: 'a_domicilio' },
  c: { tarifaDesde: 80000, servicios: ['cena_evento', 'viajes'], atiende: 'ambos' },
  d: { tarifaDesde: null, servicios: [], atiende: null },
  f: { tarifaDesde: 300000, servicios: ['cena_evento', 'masajes', 'viajes'], atiende: 'ambos' },
  g: { tarifaDesde: 80000, servicios: ['masajes'], atiende: 'en_su_lugar' },
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, details] of Object.entries(plan)) {
    e[key] = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Pucón' });
    await t.app.db.update(escortProfiles).set(details).where(eq(escortProfiles.accountId, e[key]!.id));
  }
  // Elsewhere: the same details must not leak into Pucón's listing.
  const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
  await t.app.db.update(escortProfiles).set(plan.a!).where(eq(escortProfiles.accountId, other.id));
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/escorts with the profile details', () => {
  it('tarifa_max keeps stated rates up to it (no rate, no match); the card carries tarifa_desde', async () => {
    expect(await found('&tarifa_max=80000')).toEqual(nick('a', 'c', 'g'));
    expect(await found('&tarifa_max=10000')).toEqual([]);
    expect(await found('&tarifa_max=2000000')).toEqual(nick('a', 'b', 'c', 'f', 'g'));
    const card = (await search('&tarifa_max=50000')).items[0]!;
    expect(card).toMatchObject({ nickname: e.a!.nickname, tarifa_desde: 50000 });
    const all = await search('');
    expect(all.items.find((c) => c.nickname === e.d!.nickname)?.tarifa_desde).toBeNull();
  });

  it('servicio, repeated, wants every one', async () => {
    expect(await found('&servicio=masajes')).toEqual(nick('a', 'b', 'f', 'g'));
    expect(await found('&servicio=masajes&servicio=viajes')).toEqual(nick('a', 'f'));
    expect(await found('&servicio=viajes&servicio=masajes')).toEqual(nick('a', 'f'));
    expect(await found('&servicio=masajes&servicio=viajes&servicio=cena_evento')).toEqual(nick('f'));
    expect(await found('&servicio=despedidas')).toEqual([]);
  });

  it('atiende: each place also finds "ambos"', async () => {
    expect(await found('&atiende=en_su_lugar')).toEqual(nick('a', 'c', 'f', 'g'));
    expect(await found('&atiende=a_domicilio')).toEqual(nick('b', 'c', 'f'));
  });

  it('filters combine, and the total counts the same profiles', async () => {
    const q = '&servicio=viajes&atiende=en_su_lugar&tarifa_max=100000';
    expect(await found(q)).toEqual(nick('a', 'c'));
    expect(await found('&servicio=masajes&atiende=a_domicilio')).toEqual(nick('b', 'f'));
    expect(await found('&servicio=masajes&tarifa_max=100000&atiende=en_su_lugar')).toEqual(nick('a', 'g'));
    const answer = await search(q);
    expect([answer.total, answer.total_exacto]).toEqual([2, true]);
    expect((await search('&servicio=masajes')).total).toBe(4);
  });

  it.each(searchOrderValues)('the cursor walks every filtered match once, in order %s', async (orden) => {
    for (const [query, expected] of [
      ['&servicio=masajes', nick('a', 'b', 'f', 'g')],
      ['&atiende=en_su_lugar&tarifa_max=300000', nick('a', 'c', 'f', 'g')],
    ] as const) {
      const pages = await walk(`${query}&orden=${orden}`, 1);
      const flat = pages.flat();
      expect(new Set(flat).size).toBe(flat.length);
      expect(sorted(flat)).toEqual(expected);
      expect(pages.every((p) => p.length === 1)).toBe(true);
      // The same pages as a single request, in the same order.
      expect(flat).toEqual((await search(`${query}&orden=${orden}`)).items.map((c) => c.nickname));
    }
  });

  it.each([
    ['tarifa_max=abc', 'tarifa_max', msg.searchTarifaMax],
    ['tarifa_max=9999', 'tarifa_max', msg.searchTarifaMax],
    ['tarifa_max=2000001', 'tarifa_max', msg.searchTarifaMax],
    ['tarifa_max=-5', 'tarifa_max', msg.searchTarifaMax],
    ['servicio=nada', 'servicio', msg.searchServicio],
    ['servicio=masajes&servicio=nada', 'servicio', msg.searchServicio],
    ['servicio=', 'servicio', msg.searchServicio],
    ['atiende=ambos', 'atiende', msg.searchAtiende],
    ['atiende=hotel', 'atiende', msg.searchAtiende],
  ])('?%s is a 400 in Spanish', async (query, field, message) => {
    const res = await t.app.inject(`/api/escorts?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { mensaje: string; fields: Record<string, string> };
    expect(body.fields[field]).toBe(message);
  });

  it('injection strings in the new filters are a 400, never a 500 or more rows', async () => {
    for (const payload of ["' OR 1=1 --", "masajes'] || array['viajes", '1; DROP TABLE accounts; --']) {
      for (const name of ['servicio', 'tarifa_max', 'atiende']) {
        const res = await t.app.inject(`/api/escorts?${name}=${encodeURIComponent(payload)}`);
        expect(res.statusCode, `${name}=${payload}`).toBe(400);
      }
    }
    expect(await found('&servicio=masajes')).toEqual(nick('a', 'b', 'f', 'g'));
  });

  it('details saved with PUT /api/usuario/modificar are found at once (the cached listing is cleared)', async () => {
    const who = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Pucón' });
    expect(await found('&servicio=despedidas')).toEqual([]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/usuario/modificar',
      headers: bearer(who),
      payload: {
        rut_usuario: who.rut,
        apellido: 'Valentina',
        fono: '987654321',
        url: who.url,
        medidas: '',
        legenda: '',
        servicios: ['despedidas'],
        tarifa_desde: 60000,
        atiende: 'a_domicilio',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('&servicio=despedidas&atiende=a_domicilio&tarifa_max=60000')).toEqual([who.nickname]);
  });
});
