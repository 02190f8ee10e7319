import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile } from '../helpers/gallery-media.ts';
import { box, buildMp4 } from '../helpers/mp4-build.ts';
import { accounts, media } from '../../src/db/schema/index.ts';

/**
 * "Photos without risk" (decisions 0093 and 0094): the profile photo is replaced in one step
 * (never a card without a photo), the gallery keeps an order she chooses (the
 * first item is the cover), and MP4 videos may weigh up to 25 MB while images
 * keep 2 MB, still stripped of metadata.
 */
let t: TestApp;
let escort: FixtureAccount;
let other: FixtureAccount;
let client: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

let shade = 10;
/** Bytes no other upload shares (stored names are content hashes). */
function photo(): Promise<Buffer> {
  shade += 7;
  return sharp({
    create: {
      width: 600,
      height: 800,
      channels: 3,
      background: { r: shade % 255, g: 60, b: 200 - (shade % 200) },
    },
  })
    .jpeg()
    .toBuffer();
}

const onDisk = (url: string) =>
  fs.stat(path.join(t.dataDir, url)).then(
    () => true,
    () => false,
  );

function replace(nick: string, bytes: Buffer, who?: FixtureAccount, type = 'image/jpeg') {
  const { payload, headers } = multipartFile(bytes, 'nueva.jpg', type);
  return t.app.inject({
    method: 'PUT',
    url: `/api/upload/reemplazar-perfil-escort/${nick}`,
    payload,
    headers: { ...headers, ...(who ? bearer(who) : {}) },
  });
}

function addToGallery(who: FixtureAccount, bytes: Buffer, name: string, type: string) {
  const { payload, headers } = multipartFile(bytes, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-imagenes/${who.nickname}`,
    payload,
    headers: { ...headers, ...bearer(who) },
  });
}

const order = (who: FixtureAccount, orden: unknown, as: FixtureAccount | null = who) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/upload/orden/${who.nickname}`,
    payload: { orden },
    headers: as ? bearer(as) : {},
  });

interface GalleryUpload {
  fileUrl: string;
  publicId: string;
}

async function ownIds(who: FixtureAccount): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/upload/obtener-imagenes-por-usuario/${who.nickname}`,
    headers: bearer(who),
  });
  return (res.json() as { imagenes: { publicId: string }[] }).imagenes.map((i) => i.publicId);
}

describe('PUT /api/upload/reemplazar-perfil-escort/{nickname}', () => {
  it('with no photo yet it is an upload; with one it swaps, then deletes the old files', async () => {
    const first = await replace(escort.nickname, await photo(), escort);
    expect(first.statusCode).toBe(200);
    const a = first.json() as { fileUrl: string; publicId: string; mensaje: string };
    expect(a.mensaje).toBe(msg.imageUploaded);
    expect(await onDisk(a.fileUrl)).toBe(true);

    const second = await replace(escort.nickname, await photo(), escort);
    expect(second.statusCode).toBe(200);
    const b = second.json() as { fileUrl: string; publicId: string; mensaje: string };
    expect(b.mensaje).toBe(msg.imageReplaced);
    expect(b.publicId).not.toBe(a.publicId);
    const [account] = await t.app.db
      .select({ url: accounts.url })
      .from(accounts)
      .where(eq(accounts.id, escort.id));
    expect(account!.url).toBe(b.fileUrl);
    const rows = await t.app.db
      .select({ publicId: media.publicId })
      .from(media)
      .where(and(eq(media.accountId, escort.id), eq(media.purpose, 'profile')));
    expect(rows).toEqual([{ publicId: b.publicId }]);
    expect(await onDisk(b.fileUrl)).toBe(true);
    expect(await onDisk(a.fileUrl)).toBe(false);
  });

  it('the same picture again keeps its files (content-named, still in use)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const bytes = await photo();
    const a = (await replace(e.nickname, bytes, e)).json() as { fileUrl: string };
    const b = await replace(e.nickname, bytes, e);
    expect(b.statusCode).toBe(200);
    expect(await onDisk(a.fileUrl)).toBe(true);
  });

  it('a file that is not an image is refused and the current photo stays', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const kept = (await replace(e.nickname, await photo(), e)).json() as { fileUrl: string };
    const bad = await replace(e.nickname, Buffer.from('no soy una imagen'), e);
    expect(bad.statusCode).toBe(415);
    const [account] = await t.app.db
      .select({ url: accounts.url })
      .from(accounts)
      .where(eq(accounts.id, e.id));
    expect(account!.url).toBe(kept.fileUrl);
    expect(await onDisk(kept.fileUrl)).toBe(true);
  });

  it('only the owner: 401 without a session, 403 for another escort or a client', async () => {
    expect((await replace(escort.nickname, await photo())).statusCode).toBe(401);
    expect((await replace(escort.nickname, await photo(), other)).statusCode).toBe(403);
    expect((await replace(escort.nickname, await photo(), client)).statusCode).toBe(403);
  });
});

describe('PUT /api/upload/orden/{nickname}', () => {
  it('keeps her order (first = cover) for her and for visitors; a new upload goes last', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (const n of [1, 2, 3]) {
      expect((await addToGallery(e, await photo(), `f${n}.jpg`, 'image/jpeg')).statusCode).toBe(201);
    }
    const uploaded = await ownIds(e);
    const wanted = [uploaded[2]!, uploaded[0]!, uploaded[1]!];
    const res = await order(e, wanted);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { imagenes: { publicId: string }[] }).imagenes.map((i) => i.publicId)).toEqual(
      wanted,
    );
    expect(await ownIds(e)).toEqual(wanted);
    const pub = await t.app.inject({ method: 'GET', url: `/api/upload/escort-imagenes/${e.nickname}` });
    expect((pub.json() as { imagenes: { publicId: string }[] }).imagenes.map((i) => i.publicId)).toEqual(
      wanted,
    );

    const fourth = (await addToGallery(e, await photo(), 'f4.jpg', 'image/jpeg')).json() as {
      publicId: string;
    };
    expect(await ownIds(e)).toEqual([...wanted, fourth.publicId]);
  });

  it("makes the cover the card's photo in every listing, the card and the favourites (decision 0155)", async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Valdivia' });
    const fan = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/favorites/agregar',
      payload: { rut_cliente: fan.rut, nick_usuario: e.nickname },
      headers: bearer(fan),
    });
    expect(added.statusCode).toBe(200);
    const get = async (url: string, who?: FixtureAccount) =>
      (await t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} })).json() as unknown;
    type Card = { nickname?: string; url?: string; usuario_nickname?: string; usuario_url?: string };
    const mine = (cards: unknown) =>
      (cards as Card[]).find((c) => (c.nickname ?? c.usuario_nickname) === e.nickname);
    /** Her photo as each place shows it: search, city list, latest, card, own card, favourites. */
    const photos = async () => {
      t.app.services.publicCache.clear();
      return [
        mine(((await get('/api/escorts?comuna=valdivia')) as { items: unknown }).items)?.url,
        mine(await get('/api/usuario/ciudad/Valdivia'))?.url,
        mine(await get('/api/ultimos'))?.url,
        ((await get(`/api/usuario/publico/${e.nickname}`)) as Card).url,
        ((await get(`/api/usuario/tu-card/${e.nickname}`, e)) as Card).url,
        mine(await get('/api/favorites/mios', fan))?.usuario_url,
      ];
    };
    const everywhere = (url: string) => Array(6).fill(url) as string[];
    // No gallery: the profile photo.
    expect(await photos()).toEqual(everywhere(e.url));
    const a = (await addToGallery(e, await photo(), 'a.jpg', 'image/jpeg')).json() as GalleryUpload;
    const b = (await addToGallery(e, await photo(), 'b.jpg', 'image/jpeg')).json() as GalleryUpload;
    // The first image is the cover, so the card's photo.
    expect(await photos()).toEqual(everywhere(a.fileUrl));
    // "Usar foto 2 como portada": the card follows.
    expect((await order(e, [b.publicId, a.publicId])).statusCode).toBe(200);
    expect(await photos()).toEqual(everywhere(b.fileUrl));
    // A video in front is no photo: the first image stays the card's photo.
    const clip = await addToGallery(e, bigMp4(64 * 1024), 'c.mp4', 'video/mp4');
    expect(clip.statusCode).toBe(201);
    const video = clip.json() as GalleryUpload;
    expect((await order(e, [video.publicId, b.publicId, a.publicId])).statusCode).toBe(200);
    expect(await photos()).toEqual(everywhere(b.fileUrl));
    // Deleting the cover hands it to the next image; with no image left, back to the profile photo.
    const del = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/upload/eliminar-perfil-usuario/${e.nickname}/${id}`,
        headers: bearer(e),
      });
    expect((await del(b.publicId)).statusCode).toBe(200);
    expect(await photos()).toEqual(everywhere(a.fileUrl));
    expect((await del(a.publicId)).statusCode).toBe(200);
    expect(await photos()).toEqual(everywhere(e.url));
  });

  it('must name each of her items exactly once (400 with a Spanish message)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await addToGallery(e, await photo(), 'a.jpg', 'image/jpeg');
    await addToGallery(e, await photo(), 'b.jpg', 'image/jpeg');
    const [x, y] = await ownIds(e);
    const theirs = (await addToGallery(other, await photo(), 'c.jpg', 'image/jpeg')).json() as {
      publicId: string;
    };
    for (const bad of [[x], [x, x], [x, y, theirs.publicId], [x, theirs.publicId]]) {
      const res = await order(e, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ mensaje: msg.galleryOrderMismatch });
    }
    const notList = await order(e, 'x');
    expect(notList.statusCode).toBe(400);
    expect(await ownIds(e)).toEqual([x, y]);
  });

  it('only the owner: 401 without a session, 403 for another escort', async () => {
    const ids = await ownIds(other);
    expect((await order(other, ids, null)).statusCode).toBe(401);
    expect((await order(other, ids, escort)).statusCode).toBe(403);
    expect((await order(other, ids, client)).statusCode).toBe(403);
  });
});

/** A playable-shaped MP4 of about `bytes`, carrying a udta box with a location marker. */
function bigMp4(bytes: number): Buffer {
  const per = 64 * 1024;
  const samples: Buffer[] = [];
  for (let at = 0; at < bytes; at += per) samples.push(randomBytes(Math.min(per, bytes - at)));
  const udta = box('udta', box('\xa9xyz', Buffer.from('+33.4489-070.6693/SECRETO')));
  return buildMp4({ tracks: [{ handler: 'vide', samples, samplesPerChunk: 8 }], moovExtra: [udta] });
}

describe('gallery size limits: images 2 MB, MP4 videos 25 MB', () => {
  it('accepts a 6 MB video and stores it without its metadata', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const mp4 = bigMp4(6 * 1024 * 1024);
    expect(mp4.includes('SECRETO')).toBe(true);
    const res = await addToGallery(e, mp4, 'clip.mp4', 'video/mp4');
    expect(res.statusCode).toBe(201);
    const stored = await fs.readFile(path.join(t.dataDir, (res.json() as { fileUrl: string }).fileUrl));
    expect(stored.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(stored.includes('SECRETO')).toBe(false);
    expect(stored.includes('udta')).toBe(false);
  });

  it('refuses a video over 25 MB and an image over 2 MB with 413 and their own words', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const huge = await addToGallery(e, bigMp4(limits.galleryVideoMaxBytes + 1024), 'largo.mp4', 'video/mp4');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ mensaje: msg.galleryVideoTooLarge });
    const image = await addToGallery(e, Buffer.alloc(limits.galleryMaxBytes + 1, 1), 'g.jpg', 'image/jpeg');
    expect(image.statusCode).toBe(413);
    expect(image.json()).toMatchObject({ mensaje: msg.galleryTooLarge });
    expect(await ownIds(e)).toEqual([]);
  });
});
