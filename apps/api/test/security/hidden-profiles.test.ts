import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, escortProfiles, meetings } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, FIXTURE_PASSWORD, type FixtureAccount } from '../helpers/fixtures.ts';

/**
 * A profile that is not public (pending, paused, on hold, suspended, deleted)
 * cannot be probed: its card, gallery, comments and rating averages answer
 * every other account exactly as an unknown nickname does. The escort herself
 * and admins still read them (her /TuCard, moderation).
 */
let t: TestApp;
let client: FixtureAccount;
let otherEscort: FixtureAccount;
let admin: FixtureAccount;
const hidden: Record<string, FixtureAccount> = {};
let visible: FixtureAccount;

async function withComment(escort: FixtureAccount) {
  await t.app.db.insert(comments).values({
    escortId: escort.id,
    clientId: client.id,
    nickCliente: client.nickname,
    fecha: '2024-05-01',
    comentario: `Comentario sobre ${escort.nickname}`,
  });
}

/** A pending request from the client, so a meeting-state read of the pair has something to tell. */
async function withRequest(escort: FixtureAccount) {
  await t.app.db.insert(meetings).values({
    clientId: client.id,
    escortId: escort.id,
    status: 'pendiente',
    fechaHora: new Date(Date.now() + 2 * 86_400_000),
  });
}

async function setFlag(escort: FixtureAccount, flags: { paused?: boolean; suspended?: boolean }) {
  await t.app.db.update(escortProfiles).set(flags).where(eq(escortProfiles.accountId, escort.id));
  await syncEscortVisibility(t.app.db, escort.id, t.app.services.clock.now());
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  [client, otherEscort, admin, visible] = await Promise.all([
    createAccount(t.app, { kind: 'client', autorizado: 'aprobado' }),
    createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
    createAccount(t.app, { kind: 'admin' }),
    createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
  ]);
  hidden.pending = await createAccount(t.app, { kind: 'escort' });
  hidden.paused = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  hidden.held = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  hidden.suspended = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  hidden.deleted = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  for (const escort of [visible, ...Object.values(hidden)]) {
    await withComment(escort);
    await withRequest(escort);
  }
  await setFlag(hidden.paused, { paused: true });
  await setFlag(hidden.suspended, { suspended: true });
  // An admin's possible-minor report puts the profile on hold (an admin suspension sets the same flag).
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/denuncias',
    headers: bearer(admin),
    payload: { nickname_usuario: hidden.held.nickname, motivo: 'menor' },
  });
  expect(report.statusCode, report.body).toBe(201);
  const gone = await t.app.inject({
    method: 'DELETE',
    url: '/api/cuenta',
    headers: bearer(hidden.deleted),
    payload: { pass: FIXTURE_PASSWORD },
  });
  expect(gone.statusCode, gone.body).toBe(200);
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t?.close();
});

/** Per-profile reads by nickname, with how an unknown nickname answers each. */
const reads = (nick: string) => [
  `/api/usuario/publico/${nick}`,
  `/api/upload/escort-imagenes/${nick}`,
  `/api/comments/nick_usuario/${nick}`,
  `/api/ratings/promedioUsuario/${nick}`,
];

const get = (url: string, who?: FixtureAccount) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} });

describe('hidden profiles answer like unknown ones', () => {
  it('a public profile is readable by any signed-in account (the baseline)', async () => {
    for (const url of reads(visible.nickname)) expect((await get(url, client)).statusCode, url).toBe(200);
  });

  for (const state of ['pending', 'paused', 'held', 'suspended', 'deleted']) {
    it(`${state}: a client and another escort get the unknown-nickname 404 on every read`, async () => {
      const escort = hidden[state]!;
      for (const [i, url] of reads(escort.nickname).entries()) {
        const unknown = await get(reads('nadienadie')[i]!, client);
        for (const who of [client, otherEscort]) {
          const res = await get(url, who);
          expect(res.statusCode, `${url} as ${who.kind}`).toBe(404);
          expect(res.json(), url).toEqual(unknown.json());
          expect(res.body).not.toContain('Comentario sobre');
        }
      }
    });
  }

  for (const state of ['pending', 'paused', 'held', 'suspended']) {
    it(`${state}: the escort herself and admins still read her comments and averages`, async () => {
      const escort = hidden[state]!;
      for (const who of [escort, admin]) {
        const list = await get(`/api/comments/nick_usuario/${escort.nickname}`, who);
        expect(list.statusCode, `${state} as ${who.kind}`).toBe(200);
        expect(list.body).toContain(`Comentario sobre ${escort.nickname}`);
        expect((await get(`/api/ratings/promedioUsuario/${escort.nickname}`, who)).statusCode).toBe(200);
      }
    });
  }
});

/** The meeting-state reads: each names the pair, in the query (GET) or the body (POST). */
const stateReads = [
  ['POST', '/api/appointments/existe'],
  ['GET', '/api/appointments/verificar-acceso'],
  ['GET', '/api/appointments/estado-comentado'],
  ['GET', '/api/appointments/click-activo'],
  ['GET', '/api/appointments/estado'],
  ['POST', '/api/conversacion/existe'],
  ['GET', '/api/conversacion-cliente/estado-comentado'],
  ['GET', '/api/conversacion-cliente/click'],
  ['POST', '/api/conversacion-cliente/existe-cliente'],
] as const;

function readState([method, url]: (typeof stateReads)[number], escortNick: string, who: FixtureAccount) {
  const pair = { nickname_usuario: escortNick, nickname_cliente: client.nickname };
  return method === 'GET'
    ? t.app.inject({ method, url: `${url}?${new URLSearchParams(pair)}`, headers: bearer(who) })
    : t.app.inject({ method, url, payload: pair, headers: bearer(who) });
}

describe('the meeting-state reads answer a hidden profile as a missing one', () => {
  it('a public profile: her client reads the pair’s state (the baseline)', async () => {
    for (const route of stateReads) {
      const res = await readState(route, visible.nickname, client);
      expect(res.statusCode, `${route[1]}: ${res.body}`).toBe(200);
    }
  });

  for (const state of ['pending', 'paused', 'held', 'suspended', 'deleted']) {
    it(`${state}: her client gets, byte for byte, the unknown nickname’s answer, which is the public card’s 404`, async () => {
      const card = await get('/api/usuario/publico/nadienadie', client);
      expect(card.statusCode).toBe(404);
      for (const route of stateReads) {
        const unknown = await readState(route, 'nadienadie', client);
        const res = await readState(route, hidden[state]!.nickname, client);
        expect([res.statusCode, res.body], route[1]).toEqual([unknown.statusCode, unknown.body]);
        expect([res.statusCode, res.body], route[1]).toEqual([404, card.body]);
      }
    });
  }

  for (const state of ['pending', 'paused', 'held', 'suspended']) {
    it(`${state}: the escort herself still reads the state of her pair`, async () => {
      for (const route of stateReads) {
        const res = await readState(route, hidden[state]!.nickname, hidden[state]!);
        expect(res.statusCode, `${route[1]}: ${res.body}`).toBe(200);
      }
    });
  }
});
