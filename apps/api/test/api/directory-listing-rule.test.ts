import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

// Decision 0153: who is listed is one rule (accounts' syncEscortVisibility): approved, not paused or
// suspended, with a photo of her own and a display name. Every listing route applies it, and
// "recientes" means the same everywhere (newest registered first).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Older listed profiles in Santiago, so "newest first" is visible.
  for (let i = 0; i < 3; i++) await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

/** Every listing route, as a visitor calls it, with the nicknames each answers. */
async function listings(): Promise<Record<string, string[]>> {
  const get = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    const body = res.json() as { nickname: string }[] | { items: { nickname: string }[] };
    return (Array.isArray(body) ? body : body.items).map((c) => c.nickname);
  };
  return {
    ultimos: await get('/api/ultimos'),
    ciudad: await get('/api/usuario/ciudad/Santiago'),
    escortsCiudad: await get('/api/escorts?ciudad=santiago'),
    recientes: await get('/api/escorts?orden=recientes'),
    todas: await get('/api/escorts'),
  };
}

async function uploadPhoto(e: FixtureAccount) {
  const boundary = `----encanto${randomBytes(8).toString('hex')}`;
  const file = await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 120, g: 30, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${e.nickname}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-perfil-escort/${e.nickname}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(e) },
  });
}

const profileOf = async (e: FixtureAccount) =>
  (
    await t.app.inject({
      url: `/api/usuario/profile/${encodeURIComponent(e.rut)}`,
      headers: bearer(e),
    })
  ).json() as { falta_para_listado: string[] };

describe('one listing rule', () => {
  it('an approved profile with only the default avatar is in no listing, and her profile says what is missing', async () => {
    const bare = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', photo: false });
    for (const [route, names] of Object.entries(await listings()))
      expect(names, route).not.toContain(bare.nickname);
    // Her card stays public (a link to it works); only the listings wait for her photo.
    expect((await t.app.inject(`/api/usuario/publico/${bare.nickname}`)).statusCode).toBe(200);
    expect((await profileOf(bare)).falta_para_listado).toEqual(['foto']);
  });

  it('once she uploads her photo she is first in every listing route, at once (the cache is cleared)', async () => {
    const fresh = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', photo: false });
    await listings(); // fills the public cache
    const res = await uploadPhoto(fresh);
    expect(res.statusCode, res.body).toBe(201);
    for (const [route, names] of Object.entries(await listings()))
      expect(names[0], route).toBe(fresh.nickname);
    expect((await profileOf(fresh)).falta_para_listado).toEqual([]);
  });

  it('deleting her photo takes her out of the listings again', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', photo: false });
    expect((await uploadPhoto(e)).statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-imagen-registro/${e.nickname}`,
      headers: bearer(e),
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    for (const [route, names] of Object.entries(await listings()))
      expect(names, route).not.toContain(e.nickname);
  });
});
