import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { forgedMp4, multipartFile, noiseJpeg, noisePng, tinyMp4 } from '../helpers/gallery-media.ts';
import { samplesOf } from '../helpers/mp4-build.ts';
import { escortProfiles, media } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import { addGalleryItem } from '../../src/modules/gallery/service.ts';

let t: TestApp;
let owner: FixtureAccount;
let other: FixtureAccount;
let client: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

const file = (url: string) => path.join(t.dataDir, url);
const exists = (url: string) =>
  fs.stat(file(url)).then(
    () => true,
    () => false,
  );

function upload(nick: string, bytes: Buffer, name: string, type: string, who?: { token: string }) {
  const { payload, headers } = multipartFile(bytes, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-imagenes/${nick}`,
    payload,
    headers: { ...headers, ...(who ? bearer(who) : {}) },
  });
}

async function countOf(accountId: string) {
  const [row] = await t.app.db
    .select({ n: escortProfiles.galleryCount })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, accountId));
  const [items] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(eq(media.accountId, accountId));
  return { counter: row!.n, rows: items!.n };
}

/**
 * A fresh approved escort whose gallery holds an image, then an mp4: the state
 * the tests that count items start from, so none depends on another having run.
 */
async function escortWithImageAndVideo(): Promise<FixtureAccount> {
  const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  expect((await upload(e.nickname, await noiseJpeg(), 'foto.jpg', 'image/jpeg', e)).statusCode).toBe(201);
  expect((await upload(e.nickname, tinyMp4(256), 'clip.mp4', 'video/mp4', e)).statusCode).toBe(201);
  return e;
}

describe('upload/subir-imagenes/{nick}', () => {
  it('stores an image re-encoded as WebP variants without metadata', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const jpeg = await noiseJpeg(1200, 900);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(owner.nickname, jpeg, 'foto.jpg', 'image/jpeg', owner);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ tipo: 'imagen', mensaje: 'Imagen subida exitosamente.', total: 1 });
    expect(body.url_imagen).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-640\.webp$/);
    expect(body.fileUrl).toBe(body.url_imagen);
    expect(body.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.srcset).toContain('-320.webp 320w');
    expect(body.srcset).toContain('-1080.webp 1080w');
    expect(body.width).toBe(640);
    for (const w of [320, 640, 1080]) {
      const stored = await fs.readFile(file(body.url_imagen.replace('-640.webp', `-${w}.webp`)));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    }
  });

  it('stores an mp4 rewritten (moov first, same samples) under a content-hash .mp4 name', async () => {
    const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await upload(owner.nickname, await noiseJpeg(), 'foto.jpg', 'image/jpeg', owner);
    const mp4 = tinyMp4(256);
    const res = await upload(owner.nickname, mp4, 'clip.mp4', 'video/mp4', owner);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ tipo: 'video', srcset: '', total: 2 });
    expect(body.url_imagen).toBe(`/media/${body.publicId.slice(0, 2)}/${body.publicId}.mp4`);
    const stored = await fs.readFile(file(body.url_imagen));
    // Named after the stored (rewritten) bytes, so the same video uploaded twice is one file.
    expect(createHash('sha256').update(stored).digest('hex').slice(0, 32)).toBe(body.publicId);
    expect(samplesOf(stored)).toEqual(samplesOf(mp4));
  });

  it('serves the video as video/mp4 with HTTP range support (206)', async () => {
    const body = (await upload(owner.nickname, tinyMp4(4096), 'rango.mp4', 'video/mp4', owner)).json();
    const full = await t.app.inject(body.url_imagen);
    expect(full.statusCode).toBe(200);
    const mp4 = full.rawPayload;
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const part = await t.app.inject({ url: body.url_imagen, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ url: body.url_imagen, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-video/${owner.nickname}/${body.publicId}`,
      headers: bearer(owner),
    });
  });

  it('accepts a video just under 2 MB (multipart is not held to the 1 MB JSON body limit)', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const mp4 = tinyMp4(2 * 1024 * 1024 - 1024);
    expect(mp4.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const res = await upload(e.nickname, mp4, 'big.mp4', 'video/mp4', e);
    expect(res.statusCode).toBe(201);
  });

  it('refuses more than 2 MB with 413, whatever the declared type', async () => {
    const owner = await escortWithImageAndVideo();
    const res = await upload(
      owner.nickname,
      Buffer.alloc(2 * 1024 * 1024 + 1, 1),
      'grande.jpg',
      'image/jpeg',
      owner,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      mensaje: 'El archivo supera el límite de 2 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const png = await noisePng(1000, 1000);
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const res2 = await upload(owner.nickname, png, 'grande.png', 'image/png', owner);
    expect(res2.statusCode).toBe(413);
    const big = await upload(
      owner.nickname,
      Buffer.alloc(8 * 1024 * 1024, 7),
      'enorme.mp4',
      'video/mp4',
      owner,
    );
    expect(big.statusCode).toBe(413);
    expect((await countOf(owner.id)).rows).toBe(2);
  });

  it('refuses other types with 415, deciding by the bytes and not the declared type', async () => {
    const owner = await escortWithImageAndVideo();
    const cases: [Buffer, string, string][] = [
      [Buffer.from('hola, esto es texto'), 'nota.jpg', 'image/jpeg'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
      [Buffer.from('%PDF-1.4 fake'), 'doc.pdf', 'application/pdf'],
      [forgedMp4(), 'falso.mp4', 'video/mp4'],
      [Buffer.concat([tinyMp4(16), Buffer.from('<html>')]), 'cola.mp4', 'video/mp4'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload(owner.nickname, bytes, name, type, owner);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().mensaje).toBe('Tipo de archivo no permitido. Solo se aceptan imágenes y videos MP4.');
    }
    // A real image declared as a video is still an image.
    const res = await upload(owner.nickname, await noiseJpeg(), 'foto.mp4', 'video/mp4', owner);
    expect(res.statusCode).toBe(201);
    expect(res.json().tipo).toBe('imagen');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${res.json().publicId}`,
      headers: bearer(owner),
    });
    expect(await countOf(owner.id)).toEqual({ counter: 2, rows: 2 });
  });

  it('an empty or missing file is 400 with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-imagenes/${owner.nickname}`,
      payload: { nada: true },
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe('Debes seleccionar un archivo y tener un nickname válido.');
  });

  it('needs a session (401) and the owner (403 for another escort or a client)', async () => {
    const owner = await escortWithImageAndVideo();
    const jpeg = await noiseJpeg();
    const anon = await upload(owner.nickname, jpeg, 'a.jpg', 'image/jpeg');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHORIZED');
    const otherEscort = await upload(owner.nickname, jpeg, 'a.jpg', 'image/jpeg', other);
    expect(otherEscort.statusCode).toBe(403);
    const asClient = await upload(client.nickname, jpeg, 'a.jpg', 'image/jpeg', client);
    expect(asClient.statusCode).toBe(403);
    expect((await countOf(owner.id)).rows).toBe(2);
  });
});

describe('the 15-item limit', () => {
  it('refuses the 16th item with 409 and the spec message', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 15; i++) {
      const res =
        i % 5 === 0
          ? await upload(e.nickname, tinyMp4(), 'v.mp4', 'video/mp4', e)
          : await upload(e.nickname, await noiseJpeg(32, 32), 'f.jpg', 'image/jpeg', e);
      expect(res.statusCode).toBe(201);
    }
    const res = await upload(e.nickname, await noiseJpeg(), 'f16.jpg', 'image/jpeg', e);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ mensaje: 'Límite de 15 imágenes alcanzado', code: 'GALLERY_LIMIT' });
    expect(await countOf(e.id)).toEqual({ counter: 15, rows: 15 });
  });

  it('two parallel uploads at 14 leave exactly 15, and the loser leaves no files behind', async () => {
    for (let round = 0; round < 3; round++) {
      const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
      for (let i = 0; i < 14; i++) {
        expect((await upload(e.nickname, await noiseJpeg(16, 16), 'f.jpg', 'image/jpeg', e)).statusCode).toBe(
          201,
        );
      }
      const a = await noiseJpeg(48, 48);
      const b = tinyMp4(128);
      const c = await noiseJpeg(40, 40);
      const results = await Promise.all([
        upload(e.nickname, a, 'a.jpg', 'image/jpeg', e),
        upload(e.nickname, b, 'b.mp4', 'video/mp4', e),
        upload(e.nickname, c, 'c.jpg', 'image/jpeg', e),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409]);
      expect(await countOf(e.id)).toEqual({ counter: 15, rows: 15 });
      const list = (
        await t.app.inject({
          url: `/api/upload/obtener-imagenes-por-usuario/${e.nickname}`,
          headers: bearer(e),
        })
      ).json().imagenes;
      expect(list).toHaveLength(15);
      // Every file on disk for this escort belongs to a listed item.
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().code).toBe('GALLERY_LIMIT');
      const winner = results.find((r) => r.statusCode === 201)!.json();
      expect(await exists(winner.url_imagen)).toBe(true);
      for (const bytes of [a, b, c]) {
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
        if (hash === winner.publicId) continue;
        const names = await fs
          .readdir(path.join(t.dataDir, 'media', hash.slice(0, 2)))
          .catch(() => [] as string[]);
        expect(names.filter((n) => n.startsWith(hash))).toEqual([]);
      }
    }
  });

  it('the transaction alone holds the line: parallel adds past the pre-check still stop at 15', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (let i = 0; i < 13; i++) await addGalleryItem(depsOf(t.app), e.id, await noiseJpeg(16, 16));
    const inputs = await Promise.all([
      noiseJpeg(20, 20),
      noiseJpeg(21, 21),
      noiseJpeg(22, 22),
      noiseJpeg(23, 23),
    ]);
    const settled = await Promise.allSettled(
      inputs.map((bytes) => addGalleryItem(depsOf(t.app), e.id, bytes)),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    for (const s of settled)
      if (s.status === 'rejected') expect((s.reason as { code: string }).code).toBe('GALLERY_LIMIT');
    expect(await countOf(e.id)).toEqual({ counter: 15, rows: 15 });
  });
});

describe('reading the gallery', () => {
  it('obtener-imagenes-por-usuario lists id, url_imagen and publicId for the owner only', async () => {
    const owner = await escortWithImageAndVideo();
    const res = await t.app.inject({
      url: `/api/upload/obtener-imagenes-por-usuario/${owner.nickname}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    const { imagenes } = res.json();
    expect(imagenes).toHaveLength(2);
    for (const item of imagenes) {
      expect(item).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          url_imagen: expect.any(String),
          publicId: expect.any(String),
        }),
      );
    }
    expect(imagenes.map((i: { tipo: string }) => i.tipo)).toEqual(['imagen', 'video']);
    expect(
      (await t.app.inject(`/api/upload/obtener-imagenes-por-usuario/${owner.nickname}`)).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/upload/obtener-imagenes-por-usuario/${owner.nickname}`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('escort-imagenes is public for approved, visible escorts and 404 otherwise', async () => {
    const owner = await escortWithImageAndVideo();
    const res = await t.app.inject(`/api/upload/escort-imagenes/${owner.nickname.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().imagenes).toHaveLength(2);
    expect(res.headers.etag).toBeDefined();

    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    expect(
      (await upload(pending.nickname, await noiseJpeg(), 'p.jpg', 'image/jpeg', pending)).statusCode,
    ).toBe(201);
    const hidden = await t.app.inject(`/api/upload/escort-imagenes/${pending.nickname}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject(`/api/upload/escort-imagenes/${client.nickname}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/upload/escort-imagenes/nadie123')).statusCode).toBe(404);
  });

  it('an upload shows at once in the public gallery (the public cache is cleared)', async () => {
    const before = (await t.app.inject(`/api/upload/escort-imagenes/${other.nickname}`)).json().imagenes
      .length;
    expect((await upload(other.nickname, await noiseJpeg(), 'o.jpg', 'image/jpeg', other)).statusCode).toBe(
      201,
    );
    const after = (await t.app.inject(`/api/upload/escort-imagenes/${other.nickname}`)).json().imagenes
      .length;
    expect(after).toBe(before + 1);
  });
});

describe('deleting', () => {
  it('eliminar-perfil-usuario removes the item and every variant file', async () => {
    const owner = await escortWithImageAndVideo();
    const up = (await upload(owner.nickname, await noiseJpeg(), 'd.jpg', 'image/jpeg', owner)).json();
    const urls = [320, 640, 1080].map((w) => up.url_imagen.replace('-640.webp', `-${w}.webp`));
    for (const u of urls) expect(await exists(u)).toBe(true);
    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${up.publicId}`,
      headers: bearer(other),
    });
    expect(denied.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${up.publicId}`,
    });
    expect(anon.statusCode).toBe(401);
    // Another escort cannot reach it through her own nickname either.
    const sideways = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${other.nickname}/${up.publicId}`,
      headers: bearer(other),
    });
    expect(sideways.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${up.publicId}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Imagen eliminada exitosamente.' });
    for (const u of urls) expect(await exists(u)).toBe(false);
    expect(await countOf(owner.id)).toEqual({ counter: 2, rows: 2 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${up.publicId}`,
      headers: bearer(owner),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensaje).toBe('No se encontró el archivo en tu galería.');
  });

  it('eliminar-video removes the mp4 and answers with a mensaje', async () => {
    const up = (await upload(owner.nickname, tinyMp4(99), 'v.mp4', 'video/mp4', owner)).json();
    expect(await exists(up.url_imagen)).toBe(true);
    const wrongKind = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${up.publicId}`,
      headers: bearer(owner),
    });
    expect(wrongKind.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/upload/eliminar-video/${owner.nickname}/${up.publicId}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/upload/eliminar-video/${owner.nickname}/${up.publicId}`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-video/${owner.nickname}/${up.publicId}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Video eliminado exitosamente.' });
    expect(await exists(up.url_imagen)).toBe(false);
  });

  it('the same bytes in two galleries share files, which go only with the last item', async () => {
    const jpeg = await noiseJpeg();
    const a = (await upload(owner.nickname, jpeg, 'x.jpg', 'image/jpeg', owner)).json();
    const b = (await upload(other.nickname, jpeg, 'x.jpg', 'image/jpeg', other)).json();
    expect(a.publicId).toBe(b.publicId);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${owner.nickname}/${a.publicId}`,
      headers: bearer(owner),
    });
    expect(await exists(b.url_imagen)).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${other.nickname}/${b.publicId}`,
      headers: bearer(other),
    });
    expect(await exists(b.url_imagen)).toBe(false);
  });

  it('deleting frees a slot at the limit', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const ids: string[] = [];
    for (let i = 0; i < 15; i++)
      ids.push((await upload(e.nickname, await noiseJpeg(16, 16), 'f.jpg', 'image/jpeg', e)).json().publicId);
    expect((await upload(e.nickname, await noiseJpeg(), 'f.jpg', 'image/jpeg', e)).statusCode).toBe(409);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-usuario/${e.nickname}/${ids[3]}`,
      headers: bearer(e),
    });
    expect((await upload(e.nickname, await noiseJpeg(), 'f.jpg', 'image/jpeg', e)).statusCode).toBe(201);
    expect(await countOf(e.id)).toEqual({ counter: 15, rows: 15 });
  });
});
