import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, media } from '../../src/db/schema/index.ts';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  // A phone-like JPEG carrying EXIF with GPS coordinates (IFD3 is the GPS directory in libvips).
  photo = await sharp({
    create: { width: 1400, height: 1000, channels: 3, background: { r: 150, g: 40, b: 70 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Spy 3000', Artist: 'Nombre Real' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 26/1 5/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 39/1 1/1',
      },
    })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

/**
 * Stored names are content hashes and files are shared by identical bytes, so
 * tests that check deletion use bytes no other test uploads.
 */
let shade = 0;
function uniquePhoto(): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: { width: 900, height: 700, channels: 3, background: { r: shade, g: 200 - shade, b: 90 } },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 5/1' } })
    .toBuffer();
}

/** The spec's multipart form: a file and the nickname. */
function multipart(parts: { file?: Buffer; nickname?: string; filename?: string }) {
  const boundary = `----encanto${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (parts.nickname !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${parts.nickname}\r\n`,
      ),
    );
  }
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.filename ?? 'foto.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      parts.file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  kind: 'escort' | 'cliente',
  nick: string,
  who: FixtureAccount | undefined,
  parts: Parameters<typeof multipart>[0],
) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-perfil-${kind}/${nick}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? bearer(who) : {}) },
  });
}

const del = (url: string, who?: FixtureAccount) =>
  t.app.inject({ method: 'DELETE', url: `/api/upload/${url}`, ...(who ? { headers: bearer(who) } : {}) });

const stored = (key: string) => path.join(t.dataDir, 'media', key);
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

async function profileRows(accountId: string) {
  return t.app.db
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'profile')));
}
async function accountUrl(id: string) {
  const [row] = await t.app.db.select({ url: accounts.url }).from(accounts).where(eq(accounts.id, id));
  return row!.url;
}

describe('escort profile photo', () => {
  it('uploads: WebP variants without EXIF/GPS/XMP, a media row, the account url, served immutable', async () => {
    const source = await sharp(photo).metadata();
    expect(source.exif).toBeDefined();
    expect(source.exif!.toString('latin1')).toContain('PhoneMaker');
    // The GPSInfo pointer tag (0x8825) is in the source's EXIF, in either byte order.
    expect(
      source.exif!.includes(Buffer.from([0x88, 0x25])) || source.exif!.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);

    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Iquique' });
    await t.app.inject('/api/usuario/ciudad/Iquique');
    const res = await upload('escort', e.nickname, e, { file: photo, nickname: e.nickname });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.mensaje).toBe('Imagen subida exitosamente.');
    expect(body.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.fileUrl).toMatch(
      new RegExp(`^/media/${body.publicId.slice(0, 2)}/${body.publicId}-640\\.webp$`),
    );

    expect(await accountUrl(e.id)).toBe(body.fileUrl);
    const rows = await profileRows(e.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicId).toBe(body.publicId);
    expect(rows[0]!.variants.map((v) => v.width)).toEqual([320, 640, 1080]);

    for (const v of rows[0]!.variants) {
      const bytes = await fs.readFile(stored(v.key));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      for (const secret of ['PhoneMaker', 'Spy 3000', 'Nombre Real', 'GPS'])
        expect(bytes.toString('latin1')).not.toContain(secret);
    }

    const served = await t.app.inject(body.fileUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    // The public listing shows the new photo at once (cache cleared).
    const card = (
      (await t.app.inject('/api/usuario/ciudad/Iquique')).json() as {
        nickname: string;
        url: string;
        srcset: string;
      }[]
    ).find((c) => c.nickname === e.nickname);
    expect(card?.url).toBe(body.fileUrl);
    expect(card?.srcset).toContain('-1080.webp 1080w');

    const current = await t.app.inject({
      url: `/api/upload/obtener-imagen-perfil-escort/${e.nickname}`,
      headers: bearer(e),
    });
    expect(current.json()).toEqual({ imageUrl: body.fileUrl, publicId: body.publicId, origen: 'archivo' });
  });

  it('a second photo while one exists is 409; after deleting it every variant is gone and the avatar is back', async () => {
    const e = await createAccount(t.app, { kind: 'escort', genero: 'Masculino' });
    const first = (
      await upload('escort', e.nickname, e, { file: await uniquePhoto(), nickname: e.nickname })
    ).json();
    const other = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();

    const again = await upload('escort', e.nickname, e, { file: other, nickname: e.nickname });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      mensaje: 'Debes eliminar la imagen actual antes de cargar una nueva.',
      code: 'PHOTO_EXISTS',
    });
    expect(await accountUrl(e.id)).toBe(first.fileUrl);

    const [row] = await profileRows(e.id);
    const keys = row!.variants.map((v) => v.key);
    const res = await del(`eliminar-perfil-escort/${e.nickname}/${first.publicId}`, e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Imagen eliminada exitosamente.' });
    for (const key of keys) expect(await exists(stored(key))).toBe(false);
    expect(await profileRows(e.id)).toHaveLength(0);
    expect(await accountUrl(e.id)).toBe('/assets/avatars/masculino.svg');
    expect((await t.app.inject(first.fileUrl)).statusCode).toBe(404);

    const current = await t.app.inject({
      url: `/api/upload/obtener-imagen-perfil-escort/${e.nickname}`,
      headers: bearer(e),
    });
    expect(current.json()).toEqual({
      imageUrl: '/assets/avatars/masculino.svg',
      publicId: null,
      origen: 'predeterminada',
    });

    expect((await upload('escort', e.nickname, e, { file: other, nickname: e.nickname })).statusCode).toBe(
      201,
    );
  });

  it('two uploads at once: exactly one wins, the other is 409, and no files are left behind for the loser', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const [a, b] = [await uniquePhoto(), await uniquePhoto()];
    const results = await Promise.all([
      upload('escort', e.nickname, e, { file: a, nickname: e.nickname }),
      upload('escort', e.nickname, e, { file: b, nickname: e.nickname }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await profileRows(e.id);
    expect(rows).toHaveLength(1);
    expect(await accountUrl(e.id)).toBe(rows[0]!.url);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().code).toBe('PHOTO_EXISTS');
    const kept = rows[0]!.publicId;
    const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const lost = [hashOf(a), hashOf(b)].find((h) => h !== kept)!;
    expect([hashOf(a), hashOf(b)]).toContain(kept);
    const files = (await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true })).map((f) =>
      path.basename(String(f)),
    );
    expect(files.some((f) => f.startsWith(`${kept}-`))).toBe(true);
    expect(files.some((f) => f.startsWith(`${lost}-`))).toBe(false);
  });

  it('/media does not serve outside the media folder', async () => {
    for (const url of [
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/../config.ts',
    ]) {
      const res = await t.app.inject(url);
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it('deleting an unknown publicId is 404 with the spec’s message', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await del(`eliminar-perfil-escort/${e.nickname}/${'0'.repeat(32)}`, e);
    expect(res.statusCode).toBe(404);
    expect(res.json().mensaje).toBe('No se encontró el nickname o el publicId.');
  });

  it('only the owner: 401 without a session, 403 for another escort or a client', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    expect(
      (await upload('escort', e.nickname, undefined, { file: photo, nickname: e.nickname })).statusCode,
    ).toBe(401);
    expect(
      (await upload('escort', e.nickname, other, { file: photo, nickname: e.nickname })).statusCode,
    ).toBe(403);
    expect(
      (await upload('escort', e.nickname, client, { file: photo, nickname: e.nickname })).statusCode,
    ).toBe(403);
    // A form naming someone else than the path is refused as well.
    expect(
      (await upload('escort', other.nickname, other, { file: photo, nickname: e.nickname })).statusCode,
    ).toBe(403);
    expect(await profileRows(e.id)).toHaveLength(0);

    const mine = (await upload('escort', e.nickname, e, { file: photo, nickname: e.nickname })).json();
    expect((await del(`eliminar-perfil-escort/${e.nickname}/${mine.publicId}`)).statusCode).toBe(401);
    expect((await del(`eliminar-perfil-escort/${e.nickname}/${mine.publicId}`, other)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/upload/obtener-imagen-perfil-escort/${e.nickname}`)).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          url: `/api/upload/obtener-imagen-perfil-escort/${e.nickname}`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(403);
    expect(await profileRows(e.id)).toHaveLength(1);
  });

  it('needs a file and a nickname', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    for (const parts of [{ nickname: e.nickname }, { file: photo }]) {
      const res = await upload('escort', e.nickname, e, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe('No se seleccionó archivo o no se encontró el nickname.');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-perfil-escort/${e.nickname}`,
      payload: { nickname: e.nickname },
      headers: bearer(e),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().mensaje).toBe('No se seleccionó archivo o no se encontró el nickname.');
  });

  it('decides the type by the bytes (415) and refuses files over 8 MB (413); a 2+ MB photo passes', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const fake = await upload('escort', e.nickname, e, {
      file: Buffer.from('<?php echo 1; ?>'.repeat(50)),
      nickname: e.nickname,
      filename: 'x.jpg',
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().mensaje).toBe('Tipo de archivo no permitido.');

    const huge = await upload('escort', e.nickname, e, {
      file: randomBytes(8 * 1024 * 1024 + 10),
      nickname: e.nickname,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().mensaje).toBe('El archivo supera el tamaño permitido.');
    expect(await profileRows(e.id)).toHaveLength(0);

    const noisy = await sharp(randomBytes(1000 * 900 * 3), { raw: { width: 1000, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await upload('escort', e.nickname, e, { file: noisy, nickname: e.nickname })).statusCode).toBe(
      201,
    );
  });

  it('identical bytes used by two accounts: deleting one keeps the other’s files', async () => {
    const a = await createAccount(t.app, { kind: 'escort' });
    const b = await createAccount(t.app, { kind: 'client' });
    const same = await uniquePhoto();
    const ra = (await upload('escort', a.nickname, a, { file: same, nickname: a.nickname })).json();
    const rb = (await upload('cliente', b.nickname, b, { file: same, nickname: b.nickname })).json();
    expect(ra.publicId).toBe(rb.publicId);
    const [row] = await profileRows(a.id);
    expect((await del(`eliminar-perfil-escort/${a.nickname}/${ra.publicId}`, a)).statusCode).toBe(200);
    for (const v of row!.variants) expect(await exists(stored(v.key))).toBe(true);
    expect((await t.app.inject(rb.fileUrl)).statusCode).toBe(200);
    expect((await del(`eliminar-perfil-cliente/${b.nickname}/${rb.publicId}`, b)).statusCode).toBe(200);
    for (const v of row!.variants) expect(await exists(stored(v.key))).toBe(false);
  });
});

describe('client profile photo', () => {
  it('uploads, reads, refuses a second one, deletes', async () => {
    const c = await createAccount(t.app, { kind: 'client', genero: 'Transexual' });
    const res = await upload('cliente', c.nickname, c, { file: photo, nickname: c.nickname });
    expect(res.statusCode).toBe(201);
    const { publicId, fileUrl } = res.json();
    expect(await accountUrl(c.id)).toBe(fileUrl);
    const got = await t.app.inject({
      url: `/api/upload/obtener-imagen-perfil-cliente/${c.nickname}`,
      headers: bearer(c),
    });
    expect(got.json()).toEqual({ imageUrl: fileUrl, publicId, origen: 'archivo' });
    expect((await upload('cliente', c.nickname, c, { file: photo, nickname: c.nickname })).statusCode).toBe(
      409,
    );
    // The client's data form cannot swap the url while the stored photo exists.
    const swap = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/modificar',
      payload: { rut_cliente: c.rut, fono: '911111111', url: 'https://x.cl/y.png' },
      headers: bearer(c),
    });
    expect(swap.statusCode).toBe(409);
    // An escort cannot use the client's path with her own session, nor the reverse.
    const e = await createAccount(t.app, { kind: 'escort' });
    expect((await upload('cliente', e.nickname, e, { file: photo, nickname: e.nickname })).statusCode).toBe(
      403,
    );
    expect((await del(`eliminar-perfil-cliente/${c.nickname}/${publicId}`, e)).statusCode).toBe(403);

    expect((await del(`eliminar-perfil-cliente/${c.nickname}/${publicId}`, c)).statusCode).toBe(200);
    expect(await accountUrl(c.id)).toBe('/assets/avatars/transexual.svg');
  });
});

describe('DELETE /api/upload/eliminar-imagen-registro/{nickname}', () => {
  it('removes the stored photo and is 404 when only the avatar is left', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const none = await del(`eliminar-imagen-registro/${c.nickname}`, c);
    expect(none.statusCode).toBe(404);
    expect(none.json().mensaje).toBe('No se encontró el nickname o la URL de la imagen.');

    const e = await createAccount(t.app, { kind: 'escort' });
    await upload('escort', e.nickname, e, { file: await uniquePhoto(), nickname: e.nickname });
    const [row] = await profileRows(e.id);
    expect((await del(`eliminar-imagen-registro/${e.nickname}`, c)).statusCode).toBe(403);
    expect((await del(`eliminar-imagen-registro/${e.nickname}`)).statusCode).toBe(401);
    expect((await del(`eliminar-imagen-registro/${e.nickname}`, e)).statusCode).toBe(200);
    expect(await profileRows(e.id)).toHaveLength(0);
    for (const v of row!.variants) expect(await exists(stored(v.key))).toBe(false);
  });
});
