import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile, tinyMp4 } from '../helpers/gallery-media.ts';
import { accounts, escortProfiles, media } from '../../src/db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const escort = () => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', photo: false });

const toggle = (who: FixtureAccount | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/cuenta/marca-agua',
    payload: payload as object,
    headers: who ? bearer(who) : {},
  });
const state = (who: FixtureAccount) =>
  t.app.inject({ method: 'GET', url: '/api/cuenta/marca-agua', headers: bearer(who) });

function upload(url: string, who: FixtureAccount, bytes: Buffer, type = 'image/jpeg', name = 'foto.jpg') {
  const { payload, headers } = multipartFile(bytes, name, type);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(who) } });
}
/** Her profile photo (the replacing route is a plain upload when she has none). */
function uploadProfile(who: FixtureAccount, bytes: Buffer) {
  const { payload, headers } = multipartFile(bytes, 'foto.jpg', 'image/jpeg');
  return t.app.inject({
    method: 'PUT',
    url: `/api/upload/reemplazar-perfil-escort/${who.nickname}`,
    payload,
    headers: { ...headers, ...bearer(who) },
  });
}

/** A photo with detail everywhere: a gradient and shapes (a flat picture would hide nothing). */
let seed = 0;
function photo(): Promise<Buffer> {
  seed += 1;
  const shapes = Array.from(
    { length: 8 },
    (_, i) =>
      `<circle cx="${(i * 97 + seed * 31) % 800}" cy="${(i * 131 + seed * 17) % 1000}" r="${80 + i * 10}" fill="rgb(${(i * 40 + seed * 9) % 256},${(i * 70) % 256},${(200 - i * 20) % 256})"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><defs><linearGradient id="g"><stop offset="0" stop-color="#f4e9dc"/><stop offset="1" stop-color="#2a1a22"/></linearGradient></defs><rect width="800" height="1000" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');
const gallery = async (who: FixtureAccount) => {
  const res = await t.app.inject({ url: `/api/upload/escort-imagenes/${who.nickname}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ imagenes: { url_imagen: string; tipo: string; srcset: string }[] }>().imagenes;
};
const accountUrl = async (who: FixtureAccount) =>
  (await t.app.db.select({ url: accounts.url }).from(accounts).where(eq(accounts.id, who.id)))[0]!.url;
const coverUrl = async (who: FixtureAccount) =>
  (
    await t.app.db
      .select({ url: escortProfiles.coverUrl })
      .from(escortProfiles)
      .where(eq(escortProfiles.accountId, who.id))
  )[0]!.url;

/** Mean absolute difference per channel of one corner (a fifth of each side) of two decoded pictures. */
async function cornerDifference(a: Buffer, b: Buffer, corner: 'top-left' | 'bottom-right'): Promise<number> {
  const decode = (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([decode(a), decode(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  const { width, height, channels } = x.info;
  const w = Math.floor(width / 5);
  const h = Math.floor(height / 5);
  const x0 = corner === 'top-left' ? 0 : width - w;
  const y0 = corner === 'top-left' ? 0 : height - h;
  let sum = 0;
  for (let row = y0; row < y0 + h; row++)
    for (let col = x0; col < x0 + w; col++)
      for (let c = 0; c < channels; c++) {
        const i = (row * width + col) * channels + c;
        sum += Math.abs(x.data[i]! - y.data[i]!);
      }
  return sum / (w * h * channels);
}

describe('watermark (decision 0178)', () => {
  it('only an escort reads and sets it; a bad body is a Spanish 400', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const her = await escort();
    expect((await toggle(null, { activa: true })).statusCode).toBe(401);
    for (const who of [client, admin]) {
      expect((await toggle(who, { activa: true })).statusCode).toBe(403);
      expect((await state(who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/cuenta/marca-agua' })).statusCode).toBe(401);
    for (const body of [{}, { activa: 'si' }, { activa: 1 }]) {
      const res = await toggle(her, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(msg.watermarkInvalid);
    }
    expect((await state(her)).json()).toEqual({ activa: false });
  });

  it('marks her profile photo and gallery images in the corner, and off restores the exact originals', async () => {
    const her = await escort();
    const profile = await uploadProfile(her, await photo());
    expect(profile.statusCode, profile.body).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(
        (await upload(`/api/upload/subir-imagenes/${her.nickname}`, her, await photo())).statusCode,
      ).toBe(201);
    const video = await upload(
      `/api/upload/subir-imagenes/${her.nickname}`,
      her,
      tinyMp4(),
      'video/mp4',
      'clip.mp4',
    );
    expect(video.statusCode).toBe(201);

    const before = {
      account: await accountUrl(her),
      cover: await coverUrl(her),
      gallery: await gallery(her),
    };
    expect(before.account).toMatch(/^\/media\/.+-640\.webp$/);
    const rowsBefore = await t.app.db.select().from(media).where(eq(media.accountId, her.id));

    const on = await toggle(her, { activa: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ activa: true, mensaje: msg.watermarkOn });
    expect((await state(her)).json()).toEqual({ activa: true });

    // Every reader serves the marked copies: her card's url, the cover, the public gallery and its srcset.
    const marked = {
      account: await accountUrl(her),
      cover: await coverUrl(her),
      gallery: await gallery(her),
    };
    expect(marked.account).toMatch(/-m[0-9a-f]{8}-640\.webp$/);
    expect(marked.cover).toMatch(/-m[0-9a-f]{8}-640\.webp$/);
    const images = marked.gallery.filter((g) => g.tipo === 'imagen');
    expect(images).toHaveLength(2);
    for (const g of images) {
      expect(g.url_imagen).toMatch(/-m[0-9a-f]{8}-640\.webp$/);
      expect(g.srcset).toContain('-320.webp 320w');
    }
    // The video is never marked.
    const clip = marked.gallery.find((g) => g.tipo === 'video')!;
    expect(clip.url_imagen).toBe(before.gallery.find((g) => g.tipo === 'video')!.url_imagen);

    // The pixels: the bottom-right corner carries the mark, the top-left is the same picture.
    const store = t.app.services.media;
    for (const width of [320, 1080]) {
      const original = await store.get(keyOf(before.account).replace(/-640\.webp$/, `-${width}.webp`));
      const withMark = await store.get(keyOf(marked.account).replace(/-640\.webp$/, `-${width}.webp`));
      expect(original && withMark).toBeTruthy();
      expect(await cornerDifference(original!, withMark!, 'bottom-right')).toBeGreaterThan(2);
      expect(await cornerDifference(original!, withMark!, 'top-left')).toBeLessThan(1.5);
    }
    // The theft alarm still compares originals: the perceptual hashes did not change.
    const rowsOn = await t.app.db.select().from(media).where(eq(media.accountId, her.id));
    for (const r of rowsOn) expect(r.phash).toBe(rowsBefore.find((b) => b.id === r.id)!.phash);

    // Another toggle on is harmless and makes nothing new.
    expect((await toggle(her, { activa: true })).statusCode).toBe(200);
    expect(await accountUrl(her)).toBe(marked.account);

    const off = await toggle(her, { activa: false });
    expect(off.json()).toEqual({ activa: false, mensaje: msg.watermarkOff });
    expect(await accountUrl(her)).toBe(before.account);
    expect(await coverUrl(her)).toBe(before.cover);
    expect(await gallery(her)).toEqual(before.gallery);
    // The marked files are gone; the originals stay.
    expect(await store.get(keyOf(marked.account))).toBeNull();
    expect(await store.get(keyOf(before.account))).not.toBeNull();
  });

  it('marks new uploads while on, and deleting a picture deletes both sets', async () => {
    const her = await escort();
    expect((await toggle(her, { activa: true })).statusCode).toBe(200);
    const res = await upload(`/api/upload/subir-imagenes/${her.nickname}`, her, await photo());
    expect(res.statusCode).toBe(201);
    const body = res.json<{ url_imagen: string; publicId: string }>();
    expect(body.url_imagen).toMatch(/-m[0-9a-f]{8}-640\.webp$/);
    const [row] = await t.app.db.select().from(media).where(eq(media.accountId, her.id));
    expect(row!.originalUrl).toMatch(/\/[0-9a-f]{32}-640\.webp$/);
    const keys = [...row!.variants, ...row!.originalVariants!].map((v) => v.key);
    expect(keys).toHaveLength(6);

    const profile = await uploadProfile(her, await photo());
    expect(profile.json().fileUrl).toMatch(/-m[0-9a-f]{8}-640\.webp$/);
    expect(await accountUrl(her)).toBe(profile.json().fileUrl);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${her.nickname}/${body.publicId}`,
      headers: bearer(her),
    });
    expect(del.statusCode).toBe(200);
    for (const key of keys) expect(await t.app.services.media.get(key)).toBeNull();
  });

  it('never marks her identity document', async () => {
    // Not approved yet: she sends her document.
    const her = await createAccount(t.app, { kind: 'escort', photo: false });
    const { payload, headers } = multipartFile(await photo(), 'cedula.jpg', 'image/jpeg');
    const doc = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-validacion-escort/${her.nickname}`,
      payload,
      headers: { ...headers, ...bearer(her) },
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const read = async () => {
      const res = await t.app.inject({ url: doc.json().fileUrl, headers: bearer(her) });
      expect(res.statusCode).toBe(200);
      return createHash('sha256').update(res.rawPayload).digest('hex');
    };
    const before = await read();
    expect((await toggle(her, { activa: true })).statusCode).toBe(200);
    expect(await read()).toBe(before);
    // No media row was made for it: marking touches only her public pictures.
    expect(await t.app.db.select().from(media).where(eq(media.accountId, her.id))).toEqual([]);
  });
});
