import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { documentStoreFor } from '../../src/infra/documents/store.ts';
import { findDocumentByPublicId } from '../../src/modules/validation/queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A phone-like photo: JPEG with EXIF including GPS coordinates and a camera model. */
async function photoWithExif(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Secreto 9', Copyright: 'Persona Real' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 27/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 39/1 0/1',
      },
    })
    .toBuffer();
}

function multipart(bytes: Buffer, filename: string, contentType: string, nickname?: string) {
  const boundary = `----encanto${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (nickname !== undefined) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${nickname}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const kindPath = (a: FixtureAccount) => (a.kind === 'client' ? 'cliente' : 'escort');

async function upload(
  account: FixtureAccount,
  bytes: Buffer,
  opts: { as?: FixtureAccount | null; nick?: string; type?: string } = {},
) {
  const { payload, headers } = multipart(bytes, 'cedula.jpg', opts.type ?? 'image/jpeg', account.nickname);
  const auth = opts.as === null ? {} : bearer(opts.as ?? account);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-validacion-${kindPath(account)}/${opts.nick ?? account.nickname}`,
    payload,
    headers: { ...headers, ...auth },
  });
}

describe('document upload', () => {
  it('stores an uploaded photo re-encoded, without EXIF or GPS, encrypted on disk, for client and escort', async () => {
    for (const kind of ['client', 'escort'] as const) {
      const owner = await createAccount(t.app, { kind });
      const original = await photoWithExif();
      // The input really carries the camera and GPS data the pipeline must drop.
      const before = await sharp(original).metadata();
      expect(before.exif?.includes(Buffer.from('TestPhone'))).toBe(true);
      const res = await upload(owner, original);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.publicId).toMatch(/^[a-f0-9]{32}$/);
      expect(body.fileUrl).toBe(`/api/upload/documento/${body.publicId}`);
      expect(body.mensaje).toBe(msg.imageUploaded);

      const row = await findDocumentByPublicId(t.app.db, body.publicId);
      expect(row).toBeDefined();
      // The file on disk is ciphertext under DATA_DIR/documents, not an image anyone could open.
      const file = documentStoreFor(t.app.config).pathOf(row!.storageKey);
      expect(file.startsWith(path.join(t.dataDir, 'documents'))).toBe(true);
      const raw = await fs.readFile(file);
      await expect(sharp(raw).metadata()).rejects.toThrow();
      expect(raw.includes(Buffer.from('TestPhone'))).toBe(false);
      expect((await fs.stat(file)).mode & 0o077).toBe(0);

      // Decrypted, it is a JPEG with no metadata left.
      const plain = await documentStoreFor(t.app.config).get(row!.storageKey);
      const meta = await sharp(plain!).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(plain!.includes(Buffer.from('Secreto 9'))).toBe(false);

      // Served to the owner with no-store, identical bytes.
      const served = await t.app.inject({ url: body.fileUrl, headers: bearer(owner) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.rawPayload.equals(plain!)).toBe(true);
    }
  });

  it('keeps no document under public media and no public URL serves it', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const { publicId } = (await upload(owner, await photoWithExif())).json();
    const mediaDir = path.join(t.dataDir, 'media');
    const files = await fs.readdir(mediaDir, { recursive: true }).catch(() => [] as string[]);
    expect(files.filter((f) => f.includes(publicId))).toEqual([]);
    expect((await t.app.inject(`/api/upload/documento/${publicId}`)).statusCode).toBe(401);
  });

  it('reduces a large phone photo (up to 8 MB) to at most 2000 px on the long side', async () => {
    const owner = await createAccount(t.app, { kind: 'escort' });
    // Random noise compresses badly, so this PNG is several MB, like a phone photo.
    const noise = Buffer.alloc(1800 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1800, height: 1200, channels: 3 } })
      .resize(3000, 2000, { kernel: 'nearest' })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThan(8 * 1024 * 1024);
    const res = await upload(owner, big, { type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: res.json().fileUrl, headers: bearer(owner) });
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2000);
  });

  it('refuses a fake image (415), an empty file and a file over 8 MB (413)', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const fake = await upload(owner, Buffer.from('<?php echo "hola"; ?> no soy una imagen'.repeat(20)));
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ mensaje: msg.unsupportedType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const truncated = (await photoWithExif()).subarray(0, 200);
    expect((await upload(owner, truncated)).statusCode).toBe(415);
    expect((await upload(owner, Buffer.alloc(0))).statusCode).toBe(415);
    const huge = await upload(owner, Buffer.alloc(8 * 1024 * 1024 + 100, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().mensaje).toBe(msg.payloadTooLarge);
  });

  it('needs a multipart file: otherwise 400 with the spec message', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-validacion-cliente/${owner.nickname}`,
      payload: { nada: true },
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.noFileOrNickname);
    // A nickname field naming someone else is refused too.
    const { payload, headers } = multipart(await photoWithExif(), 'a.jpg', 'image/jpeg', 'otranick');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-validacion-cliente/${owner.nickname}`,
      payload,
      headers: { ...headers, ...bearer(owner) },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('an existing document must be deleted first (409), then a new one is accepted', async () => {
    const owner = await createAccount(t.app, { kind: 'escort' });
    const first = (await upload(owner, await photoWithExif())).json();
    const second = await upload(owner, await photoWithExif(900, 600));
    expect(second.statusCode).toBe(409);
    expect(second.json().mensaje).toBe(msg.deleteImageFirst);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-validacion-escort/${owner.nickname}/${first.publicId}`,
      headers: bearer(owner),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ mensaje: msg.imageDeleted });
    const row = await findDocumentByPublicId(t.app.db, first.publicId);
    expect(row).toBeUndefined();
    expect((await t.app.inject({ url: first.fileUrl, headers: bearer(owner) })).statusCode).toBe(404);
    expect((await upload(owner, await photoWithExif(900, 600))).statusCode).toBe(201);
  });

  it('refuses uploads without a session (401), for another account (403) and from an approved account (409)', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const other = await createAccount(t.app, { kind: 'client' });
    const escort = await createAccount(t.app, { kind: 'escort' });
    const photo = await photoWithExif();
    expect((await upload(owner, photo, { as: null })).statusCode).toBe(401);
    expect((await upload(owner, photo, { as: other })).statusCode).toBe(403);
    // An escort cannot use the client route with her own nickname.
    const wrongKind = multipart(photo, 'a.jpg', 'image/jpeg', escort.nickname);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-validacion-cliente/${escort.nickname}`,
      payload: wrongKind.payload,
      headers: { ...wrongKind.headers, ...bearer(escort) },
    });
    expect(res.statusCode).toBe(403);
    const approved = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const late = await upload(approved, photo);
    expect(late.statusCode).toBe(409);
    expect(late.json().mensaje).toBe(msg.accountValidated);
  });
});

describe('reading and deleting a document', () => {
  it('obtener-imagen answers the owner (pending) and admins, 401 without session, 403 for others, 404 when none', async () => {
    const owner = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const url = `/api/upload/obtener-imagen-validacion-escort/${owner.nickname}`;
    expect((await t.app.inject({ url, headers: bearer(owner) })).statusCode).toBe(404);
    const { publicId, fileUrl } = (await upload(owner, await photoWithExif())).json();

    const mine = await t.app.inject({ url, headers: bearer(owner) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ imageUrl: fileUrl, publicId });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url, headers: bearer(admin) })).json().publicId).toBe(publicId);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(client) })).statusCode).toBe(403);

    // The bytes: owner and admin only.
    expect((await t.app.inject({ url: fileUrl, headers: bearer(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: fileUrl, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: fileUrl, headers: bearer(client) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: fileUrl, headers: { authorization: 'Bearer ' + 'x'.repeat(43) } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/upload/documento/' + 'a'.repeat(32), headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);

    // The client-side route answers for clients only.
    const clientUrl = `/api/upload/obtener-imagen-validacion-cliente/${client.nickname}`;
    expect((await t.app.inject({ url: clientUrl, headers: bearer(client) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: clientUrl, headers: bearer(owner) })).statusCode).toBe(403);
  });

  it('once approved, the owner can no longer read the document; the admin still can', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const { fileUrl } = (await upload(owner, await photoWithExif())).json();
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/cliente/autorizar/${owner.rut}`,
      headers: bearer(admin),
    });
    expect(ok.statusCode).toBe(200);
    const res = await t.app.inject({ url: fileUrl, headers: bearer(owner) });
    expect(res.statusCode).toBe(403);
    expect(res.json().mensaje).toBe(msg.accountValidated);
    expect(
      (
        await t.app.inject({
          url: `/api/upload/obtener-imagen-validacion-cliente/${owner.nickname}`,
          headers: bearer(owner),
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: fileUrl, headers: bearer(admin) })).statusCode).toBe(200);
  });

  it('delete: 401 without session, 403 for another account or an admin, 404 for a wrong publicId', async () => {
    const owner = await createAccount(t.app, { kind: 'client' });
    const other = await createAccount(t.app, { kind: 'client' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const { publicId } = (await upload(owner, await photoWithExif())).json();
    const url = `/api/upload/eliminar-validacion-cliente/${owner.nickname}/${publicId}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-validacion-cliente/${owner.nickname}/${'b'.repeat(32)}`,
      headers: bearer(owner),
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().mensaje).toBe(msg.nicknameOrPublicIdMissing);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner) })).statusCode).toBe(200);
  });
});

describe('document key', () => {
  it('without DOCUMENT_KEY a key file is generated in DATA_DIR with mode 0600 and reused', async () => {
    const local = await createTestApp({ env: { DOCUMENT_KEY: '' } });
    try {
      const owner = await createAccount(local.app, { kind: 'client' });
      const { payload, headers } = multipart(await photoWithExif(), 'a.jpg', 'image/jpeg');
      const res = await local.app.inject({
        method: 'POST',
        url: `/api/upload/subir-validacion-cliente/${owner.nickname}`,
        payload,
        headers: { ...headers, ...bearer(owner) },
      });
      expect(res.statusCode).toBe(201);
      const keyFile = path.join(local.dataDir, 'document.key');
      const stat = await fs.stat(keyFile);
      expect(stat.mode & 0o777).toBe(0o600);
      expect((await fs.readFile(keyFile, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
      const served = await local.app.inject({ url: res.json().fileUrl, headers: bearer(owner) });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    } finally {
      await local.close();
    }
  });
});
