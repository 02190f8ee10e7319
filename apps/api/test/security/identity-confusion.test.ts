import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRut } from '@encanto/core/rut';
import { accounts } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, uniqueRut, type FixtureAccount } from '../helpers/fixtures.ts';
import { accessTable, expectedCell } from './access-table.ts';
import { codeOf, sendEntry } from './send-entry.ts';
import { createWorld, routeTable, type Role, type RouteInfo, type World } from './world.ts';

/**
 * Path identity confusion: a route that takes a nickname must compare it with
 * the caller's nickname only, and one that takes a RUT with the caller's RUT
 * only. The attacker registers with a RUT equal to the victim's nickname and a
 * nickname equal to the victim's RUT (both legal: nicknames may be digits), so
 * a check that accepted "any of my identifiers" would let her in on every
 * route naming the victim.
 */
let t: TestApp;
let w: World;
let routes: RouteInfo[];
let escortAttacker: FixtureAccount;
let clientAttacker: FixtureAccount;

/** A valid RUT written as a nickname can be: digits and a lowercase check digit. */
const rutAsNickname = () => normalizeRut(uniqueRut()).toLowerCase();

/** Gives the victim a nickname and RUT that the attacker then takes as RUT and nickname. */
async function confuse(victim: FixtureAccount, kind: 'escort' | 'client'): Promise<FixtureAccount> {
  const victimNick = rutAsNickname();
  const victimRut = rutAsNickname();
  await t.app.db
    .update(accounts)
    .set({ nickname: victimNick, apellido: victimNick, rut: victimRut, rutNorm: normalizeRut(victimRut) })
    .where(eq(accounts.id, victim.id));
  Object.assign(victim, { nickname: victimNick, rut: victimRut });
  const attacker = await createAccount(t.app, { kind, autorizado: 'aprobado', nickname: victimRut });
  await t.app.db
    .update(accounts)
    .set({ rut: victimNick, rutNorm: normalizeRut(victimNick) })
    .where(eq(accounts.id, attacker.id));
  return { ...attacker, rut: victimNick };
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  w = await createWorld(t.app);
  escortAttacker = await confuse(w.escort, 'escort');
  clientAttacker = await confuse(w.client, 'client');
  routes = routeTable(t.app);
});
afterAll(async () => {
  await t?.close();
});

const bearerOf = async (account: FixtureAccount) => ({
  authorization: `Bearer ${await createSession(t.app.db, account.id, t.app.services.clock.now(), { secondFactor: true })}`,
});

describe('path identity confusion', () => {
  it("an escort whose RUT is another escort's nickname cannot read that escort's private card", async () => {
    expect(escortAttacker.rut).toBe(w.escort.nickname);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/usuario/tu-card/${w.escort.nickname}`,
      headers: await bearerOf(escortAttacker),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(w.escort.email);
  });

  it("an escort whose nickname is another escort's RUT cannot read that escort's own profile", async () => {
    expect(escortAttacker.nickname).toBe(w.escort.rut);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/usuario/profile/${w.escort.rut}`,
      headers: await bearerOf(escortAttacker),
    });
    expect(res.statusCode).toBe(403);
  });

  it('is refused on every route that only the victim may call, as any other account of the kind is', async () => {
    const cases: { route: RouteInfo; own: Role; other: Role; attacker: FixtureAccount }[] = [];
    for (const route of routes) {
      const entry = accessTable[route.key];
      if (!entry) continue;
      for (const [own, other, attacker] of [
        ['escort', 'otherEscort', escortAttacker],
        ['client', 'otherClient', clientAttacker],
      ] as const) {
        // Routes the victim may call and another account of her kind may not: the self routes.
        if (expectedCell(entry, own) === 'ok' && expectedCell(entry, other) !== 'ok')
          cases.push({ route, own, other, attacker });
      }
    }
    expect(cases.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { route, other, attacker } of cases) {
      const res = await sendEntry(w, route, await bearerOf(attacker));
      const want = expectedCell(accessTable[route.key]!, other) === 'hidden' ? 404 : 403;
      if (res.statusCode !== want)
        problems.push(`${route.key} as ${attacker.kind}: ${res.statusCode} ${codeOf(res) ?? ''}`);
    }
    expect(problems).toEqual([]);
  });
});
