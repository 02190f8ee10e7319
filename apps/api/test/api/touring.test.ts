import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { Visit } from '@encanto/core/touring';
import { addDays } from '@encanto/core/touring-dates';
import type { VisitorCard } from '@encanto/core/touring-listing';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { escortProfiles, escortVisits } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { testClock } from './meetings-helpers.ts';

/**
 * Touring (decision 0102): an escort announces up to 3 visits to other comunas; while one lasts
 * (Chile dates) she also appears in that comuna's, region's and zone's listings, marked.
 */
let t: TestApp;
const clock = testClock(new Date());
let today: string;
let escort: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  clock.set(new Date());
  today = todayInChile(clock.now());
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
});

const put = (who: FixtureAccount | null, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/usuario/gira',
    headers: who ? bearer(who) : {},
    payload: body as object,
  });
const get = (who: FixtureAccount | null) =>
  t.app.inject({ method: 'GET', url: '/api/usuario/gira', headers: who ? bearer(who) : {} });

type Search = { items: { nickname: string }[]; de_visita: VisitorCard[] };
const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/escorts?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Search;
};
const cityList = async (city: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/usuario/ciudad/${city}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { nickname: string; visita?: Visit }[];
};
const nicks = (cards: { nickname: string }[]) => cards.map((c) => c.nickname);

describe('GET and PUT /api/usuario/gira', () => {
  it('saves, returns and replaces the list (earliest first, catalogue spelling)', async () => {
    const a = { ciudad: 'nunoa', desde: addDays(today, 10), hasta: addDays(today, 12) };
    const b = { ciudad: 'Valparaíso', desde: today, hasta: addDays(today, 2) };
    const saved = await put(escort, [a, b]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([
      { ciudad: 'Valparaíso', desde: b.desde, hasta: b.hasta },
      { ciudad: 'Ñuñoa', desde: a.desde, hasta: a.hasta },
    ]);
    expect((await get(escort)).json()).toEqual(saved.json());
    const replaced = await put(escort, [
      { ciudad: 'Temuco', desde: addDays(today, 1), hasta: addDays(today, 1) },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect((await get(escort)).json()).toEqual([
      { ciudad: 'Temuco', desde: addDays(today, 1), hasta: addDays(today, 1) },
    ]);
    expect((await put(escort, [])).statusCode).toBe(200);
    expect((await get(escort)).json()).toEqual([]);
  });

  it('refuses clients (403), admins (403) and anonymous callers (401)', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    for (const who of [client, admin]) {
      expect((await get(who)).statusCode).toBe(403);
      expect((await put(who, [])).statusCode).toBe(403);
    }
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, [])).statusCode).toBe(401);
  });

  it('keeps each escort’s list her own', async () => {
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await put(other, [{ ciudad: 'Temuco', desde: today, hasta: today }]);
    await put(escort, [{ ciudad: 'Arica', desde: today, hasta: today }]);
    expect((await get(other)).json()).toEqual([{ ciudad: 'Temuco', desde: today, hasta: today }]);
    expect((await get(escort)).json()).toEqual([{ ciudad: 'Arica', desde: today, hasta: today }]);
  });

  const visit = (over: Partial<Record<'ciudad' | 'desde' | 'hasta', unknown>> = {}) => ({
    ciudad: 'Temuco',
    desde: today,
    hasta: addDays(today, 1),
    ...over,
  });

  it.each([
    [
      'more than 3 visits',
      () => [0, 2, 4, 6].map((d) => visit({ desde: addDays(today, d), hasta: addDays(today, d) })),
      msg.giraMax,
      'body',
    ],
    ['an unknown comuna', () => [visit({ ciudad: 'Gotham' })], msg.giraCity, '0.ciudad'],
    ['an empty comuna', () => [visit({ ciudad: '' })], msg.giraCity, '0.ciudad'],
    ['a malformed date', () => [visit({ desde: '2026-02-30' })], msg.giraDate, '0.desde'],
    [
      'an end before the start',
      () => [visit({ desde: addDays(today, 3), hasta: addDays(today, 2) })],
      msg.giraOrder,
      '0.hasta',
    ],
    [
      'overlapping visits',
      () => [
        visit({ hasta: addDays(today, 3) }),
        visit({ ciudad: 'Arica', desde: addDays(today, 3), hasta: addDays(today, 4) }),
      ],
      msg.giraOverlap,
      '1.desde',
    ],
    ['a start in the past', () => [visit({ desde: addDays(today, -1) })], msg.giraPast, '0.desde'],
    ['an end past 90 days', () => [visit({ hasta: addDays(today, 91) })], msg.giraTooFar, '0.hasta'],
    ['her own comuna', () => [visit({ ciudad: 'santiago' })], msg.giraOwnCity, '0.ciudad'],
  ])('refuses %s with its message', async (_name, body, message, field) => {
    const res = await put(escort, body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ mensaje: message, fields: { [field]: message } });
    expect((await get(escort)).json()).toEqual([]);
  });

  it('takes an end exactly 90 days ahead, and a started visit saved again', async () => {
    expect((await put(escort, [visit({ hasta: addDays(today, 90) })])).statusCode).toBe(200);
    await put(escort, [visit({ hasta: addDays(today, 3) })]);
    clock.advance(2 * 86_400_000);
    const started = { ciudad: 'Temuco', desde: today, hasta: addDays(today, 4) };
    const res = await put(escort, [started]);
    expect(res.statusCode).toBe(200);
    // A new visit starting in the past is still refused.
    const other = await put(escort, [
      { ciudad: 'Arica', desde: addDays(today, 1), hasta: addDays(today, 5) },
    ]);
    expect(other.json()).toMatchObject({ mensaje: msg.giraPast, fields: { '0.desde': msg.giraPast } });
  });
});

describe('visitors in the listings', () => {
  it('lists her in the visited comuna, region and zone today, with her visit, and not at home as a visitor', async () => {
    const hasta = addDays(today, 2);
    expect((await put(escort, [{ ciudad: 'Temuco', desde: today, hasta }])).statusCode).toBe(200);
    const visita = { ciudad: 'Temuco', desde: today, hasta };

    const byComuna = await search('comuna=temuco');
    expect(nicks(byComuna.items)).not.toContain(escort.nickname);
    expect(byComuna.de_visita.find((c) => c.nickname === escort.nickname)).toMatchObject({
      ciudad: 'Santiago',
      visita,
    });
    expect(nicks((await search('ciudad=temuco')).de_visita)).toContain(escort.nickname);
    expect(nicks((await search('region=la-araucania')).de_visita)).toContain(escort.nickname);
    expect(nicks((await search('zona=sur')).de_visita)).toContain(escort.nickname);
    // At home she is a resident, never a visitor; and the whole country has no visitors section.
    expect(nicks((await search('comuna=santiago')).de_visita)).not.toContain(escort.nickname);
    expect(nicks((await search('zona=central')).de_visita)).not.toContain(escort.nickname);
    expect((await search('')).de_visita).toEqual([]);

    const list = await cityList('Temuco');
    expect(list.find((c) => c.nickname === escort.nickname)).toMatchObject({ visita });
    expect((await cityList('Santiago')).find((c) => c.nickname === escort.nickname)?.visita).toBeUndefined();
  });

  it('applies the listing filters and only on the first page', async () => {
    await put(escort, [{ ciudad: 'Arica', desde: today, hasta: today }]);
    expect(nicks((await search('comuna=arica&genero=Femenino')).de_visita)).toContain(escort.nickname);
    expect(nicks((await search('comuna=arica&genero=Masculino')).de_visita)).not.toContain(escort.nickname);
    expect(nicks((await search('comuna=arica&edad_max=20')).de_visita)).not.toContain(escort.nickname);
    const cursor = Buffer.from(
      JSON.stringify([
        's',
        'recientes',
        'true',
        '2020-01-01 00:00:00+00',
        '00000000-0000-0000-0000-000000000000',
      ]),
    ).toString('base64url');
    expect((await search(`comuna=arica&cursor=${cursor}`)).de_visita).toEqual([]);
  });

  it('shows a future visit only once it starts, and a past one no longer (without any write)', async () => {
    await put(escort, [{ ciudad: 'Iquique', desde: addDays(today, 1), hasta: addDays(today, 2) }]);
    expect(nicks((await search('comuna=iquique')).de_visita)).not.toContain(escort.nickname);
    expect(nicks(await cityList('Iquique'))).not.toContain(escort.nickname);
    clock.advance(86_400_000);
    t.app.services.publicCache.clear(); // the 5 s lifetime, elapsed
    expect(nicks((await search('comuna=iquique')).de_visita)).toContain(escort.nickname);
    expect(nicks(await cityList('Iquique'))).toContain(escort.nickname);
    clock.advance(2 * 86_400_000);
    t.app.services.publicCache.clear();
    expect(nicks((await search('comuna=iquique')).de_visita)).not.toContain(escort.nickname);
    expect(nicks(await cityList('Iquique'))).not.toContain(escort.nickname);
    // An ended visit leaves her list (GET), but stays in her data export until she saves again.
    expect((await get(escort)).json()).toEqual([]);
  });

  it('hides a visitor whose profile is not public or not available from every list', async () => {
    await put(escort, [{ ciudad: 'Osorno', desde: today, hasta: today }]);
    await t.app.db
      .update(escortProfiles)
      .set({ paused: true })
      .where(eq(escortProfiles.accountId, escort.id));
    await syncEscortVisibility(t.app.db, escort.id, t.app.services.clock.now());
    t.app.services.publicCache.clear();
    expect(nicks((await search('comuna=osorno')).de_visita)).not.toContain(escort.nickname);
    expect(nicks(await cityList('Osorno'))).not.toContain(escort.nickname);

    const inactive = await createAccount(t.app, {
      kind: 'escort',
      autorizado: 'aprobado',
      estado: 'inactiva',
    });
    await put(inactive, [{ ciudad: 'Osorno', desde: today, hasta: today }]);
    // Only listed profiles visit a listing, and an inactive one is not listed (decision 0153).
    expect(nicks((await search('comuna=osorno')).de_visita)).not.toContain(inactive.nickname);
    expect(nicks(await cityList('Osorno'))).not.toContain(inactive.nickname);

    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    expect((await put(pending, [{ ciudad: 'Osorno', desde: today, hasta: today }])).statusCode).toBe(200);
    expect(nicks((await search('comuna=osorno')).de_visita)).not.toContain(pending.nickname);
  });

  it('clears the public cache when she saves, and deleting the account removes her visits', async () => {
    expect(nicks((await search('comuna=chillan')).de_visita)).not.toContain(escort.nickname);
    await put(escort, [{ ciudad: 'Chillán', desde: today, hasta: today }]);
    expect(nicks((await search('comuna=chillan')).de_visita)).toContain(escort.nickname);
    const { accounts } = await import('../../src/db/schema/index.ts');
    await t.app.db.delete(accounts).where(eq(accounts.id, escort.id));
    const left = await t.app.db.select().from(escortVisits).where(eq(escortVisits.accountId, escort.id));
    expect(left).toEqual([]);
  });

  it('lists her current and coming visits on her public card', async () => {
    const coming = { ciudad: 'Arica', desde: addDays(today, 5), hasta: addDays(today, 6) };
    await put(escort, [coming, { ciudad: 'Temuco', desde: today, hasta: today }]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/usuario/publico/${escort.nickname.toUpperCase()}`,
    });
    expect(res.json()).toMatchObject({ gira: [{ ciudad: 'Temuco', desde: today, hasta: today }, coming] });
  });

  it('lists her visits in her data export', async () => {
    await put(escort, [{ ciudad: 'Temuco', desde: today, hasta: today }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/cuenta/exportar', headers: bearer(escort) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gira: [{ ciudad: 'Temuco', desde: today, hasta: today }] });
  });
});
