import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount, type FixtureOptions } from '../helpers/fixtures.ts';
import { escortProfiles } from '../../src/db/schema/index.ts';

/** GET /api/usuario/publico/{nickname}/similares: "También te puede interesar" (decision 0165). */
let t: TestApp;
const e: Record<string, FixtureAccount> = {};

async function escort(
  key: string,
  options: Omit<FixtureOptions, 'kind'>,
  profile: Partial<typeof escortProfiles.$inferInsert> = {},
) {
  e[key] = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ...options });
  if (Object.keys(profile).length)
    await t.app.db.update(escortProfiles).set(profile).where(eq(escortProfiles.accountId, e[key]!.id));
}

const similar = async (nickname: string) => {
  const res = await t.app.inject(`/api/usuario/publico/${nickname}/similares`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { nickname: string }[]).map((c) => c.nickname);
};
const nick = (...keys: string[]) => keys.map((k) => e[k]!.nickname);

beforeAll(async () => {
  t = await createTestApp();
  await escort('her', { ciudad: 'Ñuñoa', fechaNac: '1995-05-05' }, { servicios: ['masajes', 'viajes'] });
  // Her comuna: the same age and a service in common first, then a year apart with one, then far in age.
  await escort('twin', { ciudad: 'Ñuñoa', fechaNac: '1995-05-05' }, { servicios: ['masajes'] });
  await escort('near', { ciudad: 'Ñuñoa', fechaNac: '1994-01-01' }, { servicios: ['viajes'] });
  await escort('older', { ciudad: 'Ñuñoa', fechaNac: '1975-01-01' });
  // Another gender: after her own gender's, however alike otherwise.
  await escort(
    'man',
    { ciudad: 'Ñuñoa', fechaNac: '1995-05-05', genero: 'Masculino' },
    { servicios: ['masajes'] },
  );
  // Inactive: after every available one of her comuna, before her region.
  await escort(
    'resting',
    { ciudad: 'Ñuñoa', fechaNac: '1995-05-05', estado: 'inactiva' },
    { servicios: ['masajes'] },
  );
  // Her region (Metropolitana), after her comuna; the nearest in age first.
  await escort('region', { ciudad: 'Providencia', fechaNac: '1996-01-01' });
  await escort('regionOlder', { ciudad: 'Maipú', fechaNac: '1980-01-01' });
  await escort('regionOldest', { ciudad: 'Maipú', fechaNac: '1970-01-01' });
  // Never: another region, paused, suspended, pending, without a photo.
  await escort('elsewhere', { ciudad: 'Temuco', fechaNac: '1995-05-05' }, { servicios: ['masajes'] });
  await escort('paused', { ciudad: 'Ñuñoa' }, { paused: true, public: false, listed: false });
  await escort('suspended', { ciudad: 'Ñuñoa' }, { suspended: true, public: false, listed: false });
  e.pending = await createAccount(t.app, { kind: 'escort', ciudad: 'Ñuñoa' });
  await escort('noPhoto', { ciudad: 'Ñuñoa', photo: false });
  t.app.services.publicCache.clear();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/usuario/publico/{nickname}/similares', () => {
  it('lists up to 6: her comuna first (available, her gender, near in age and services), then her region', async () => {
    expect(await similar(e.her!.nickname)).toEqual(nick('twin', 'near', 'older', 'man', 'resting', 'region'));
    // Without the man, her region's nearest in age comes next.
    await t.app.db
      .update(escortProfiles)
      .set({ paused: true, public: false, listed: false })
      .where(eq(escortProfiles.accountId, e.man!.id));
    t.app.services.publicCache.clear();
    expect(await similar(e.her!.nickname)).toEqual(
      nick('twin', 'near', 'older', 'resting', 'region', 'regionOlder'),
    );
  });

  it('never lists a profile of another region, a hidden, pending or photo-less one, nor herself', async () => {
    const listed = await similar(e.twin!.nickname);
    for (const key of ['twin', 'elsewhere', 'paused', 'suspended', 'pending', 'noPhoto', 'man'])
      expect(listed, key).not.toContain(e[key]!.nickname);
    expect(await similar(e.elsewhere!.nickname)).toEqual([]);
  });

  it('answers listing cards that link to each card, and is cached like the card until a public write', async () => {
    const res = await t.app.inject(`/api/usuario/publico/${e.her!.nickname.toUpperCase()}/similares`);
    expect(res.statusCode).toBe(200);
    const [first] = res.json() as Record<string, unknown>[];
    expect(first).toMatchObject({ nickname: e.twin!.nickname, estado: 'disponible', verificada: true });
    await t.app.db
      .update(escortProfiles)
      .set({ paused: true, public: false, listed: false })
      .where(eq(escortProfiles.accountId, e.twin!.id));
    // Still the cached answer until the cache is cleared (a public write does: plugins/public-writes.ts).
    expect((await similar(e.her!.nickname))[0]).toBe(e.twin!.nickname);
    t.app.services.publicCache.clear();
    expect(await similar(e.her!.nickname)).not.toContain(e.twin!.nickname);
    await t.app.db
      .update(escortProfiles)
      .set({ paused: false, public: true, listed: true })
      .where(eq(escortProfiles.accountId, e.twin!.id));
    t.app.services.publicCache.clear();
  });

  it('answers 404 like the card for an unknown, hidden or pending profile', async () => {
    for (const nickname of ['nadie-aqui', e.paused!.nickname, e.pending!.nickname, e.suspended!.nickname]) {
      const res = await t.app.inject(`/api/usuario/publico/${nickname}/similares`);
      expect(res.statusCode, nickname).toBe(404);
      expect(res.json().mensaje).toEqual(expect.any(String));
    }
  });
});
