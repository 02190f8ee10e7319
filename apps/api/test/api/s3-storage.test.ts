import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { startS3, type TestS3 } from '../helpers/s3-server.ts';
import { accounts } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import { loadConfig } from '../../src/config.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { purgeExpiredDocuments } from '../../src/modules/data-rights/retention.ts';
import { s3Objects } from '../../src/infra/media/s3-client.ts';
import { findDocumentByPublicId } from '../../src/modules/validation/queries.ts';

/**
 * Public media and identity documents on a real S3-compatible server
 * (s3rver): what each bucket really holds after uploads, deletions and the
 * retention job. The signing details the server does not show are checked
 * against a recorder in media-s3.test.ts.
 */
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3(['fotos', 'privado']);
  t = await createTestApp({ env: s3.env({ media: 'fotos', documents: 'privado' }) });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const bucket = (name: string) =>
  s3Objects({
    bucket: name,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
const keysOf = async (name: string) => {
  const keys: string[] = [];
  for await (const key of bucket(name).list()) keys.push(key);
  return keys.sort();
};

function form(nickname: string, file: Buffer, filename: string) {
  const boundary = `----encanto${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${nickname}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a1f3d' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 5/1' } })
    .toBuffer();

async function uploadDocument(e: FixtureAccount) {
  const { payload, headers } = form(e.nickname, await photo(), 'cedula.jpg');
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-validacion-escort/${e.nickname}`,
    payload,
    headers: { ...headers, ...bearer(e) },
  });
}

describe('public media on a real S3 server', () => {
  it('a profile photo lands in the media bucket without metadata, /media proxies it, delete removes every variant', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const { payload, headers } = form(e.nickname, await photo(), 'a.jpg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-perfil-escort/${e.nickname}`,
      payload,
      headers: { ...headers, ...bearer(e) },
    });
    expect(res.statusCode).toBe(201);
    const { fileUrl, publicId } = res.json();
    const variants = [320, 640, 1080].map((w) => `${publicId.slice(0, 2)}/${publicId}-${w}.webp`).sort();
    expect((await keysOf('fotos')).filter((k) => k.includes(publicId))).toEqual(variants);
    for (const key of variants) {
      const stored = (await bucket('fotos').get(key))!;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('PhoneMaker');
    }
    const served = await t.app.inject(fileUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals((await bucket('fotos').get(fileUrl.slice('/media/'.length)))!)).toBe(
      true,
    );
    expect((await t.app.inject('/media/zz/nothing-640.webp')).statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-escort/${e.nickname}/${publicId}`,
      headers: bearer(e),
    });
    expect(del.statusCode).toBe(200);
    expect((await keysOf('fotos')).filter((k) => k.includes(publicId))).toEqual([]);
  });

  it('with S3_PUBLIC_URL, /media/* redirects permanently to the public bucket address', async () => {
    const app = await createTestApp({
      env: { ...s3.env({ media: 'fotos' }), S3_PUBLIC_URL: 'https://cdn.example.cl/fotos/' },
    });
    try {
      const res = await app.app.inject('/media/ab/abcdef-640.webp');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://cdn.example.cl/fotos/ab/abcdef-640.webp');
      // The page may load images from that origin, and from no other host.
      const page = await app.app.inject('/api/health');
      expect(page.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://cdn.example.cl;",
      );
    } finally {
      await app.close();
    }
  });
});

describe('identity documents in the private bucket', () => {
  it('go encrypted under the documents prefix of the private bucket, never the media bucket or DATA_DIR', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const mediaBefore = await keysOf('fotos');
    const res = await uploadDocument(e);
    expect(res.statusCode).toBe(201);
    const row = (await findDocumentByPublicId(t.app.db, res.json().publicId))!;
    const key = `documents/${row.storageKey}`;
    expect(await keysOf('privado')).toContain(key);
    expect(t.app.services.documents.pathOf(row.storageKey)).toBe(`s3://privado/${key}`);
    expect(await keysOf('fotos')).toEqual(mediaBefore);
    expect(await fs.readdir(path.join(t.dataDir, 'documents')).catch(() => [])).toEqual([]);

    // What the bucket holds is ciphertext: no image decoder opens it, no EXIF text survives in it.
    const stored = (await bucket('privado').get(key))!;
    expect(stored.subarray(0, 5).toString()).toBe('ENCD1');
    await expect(sharp(stored).metadata()).rejects.toThrow();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // Readable only through the authenticated endpoint, decrypted; /media knows only the media bucket.
    const own = await t.app.inject({ url: res.json().fileUrl, headers: bearer(e) });
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
    expect((await t.app.inject({ url: res.json().fileUrl })).statusCode).toBe(401);
    expect((await t.app.inject(`/media/${key}`)).statusCode).toBe(404);
  });

  it('deleting the document, and the retention job, remove the object', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const first = await uploadDocument(e);
    const firstKey = `documents/${(await findDocumentByPublicId(t.app.db, first.json().publicId))!.storageKey}`;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-validacion-escort/${e.nickname}/${first.json().publicId}`,
      headers: bearer(e),
    });
    expect(del.statusCode).toBe(200);
    expect(await keysOf('privado')).not.toContain(firstKey);

    const second = await uploadDocument(e);
    const secondKey = `documents/${(await findDocumentByPublicId(t.app.db, second.json().publicId))!.storageKey}`;
    expect(await keysOf('privado')).toContain(secondKey);
    await t.app.db
      .update(accounts)
      .set({ autorizado: 'aprobado', approvedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(accounts.id, e.id));
    expect(await purgeExpiredDocuments(depsOf(t.app), t.app.services.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keysOf('privado')).not.toContain(secondKey);
  });

  it('credentials the server does not know are refused: the upload fails and nothing is stored', async () => {
    const env = { ...s3.env({ media: 'fotos', documents: 'privado' }), S3_ACCESS_KEY_ID: 'UNKNOWNKEY' };
    const app = await createTestApp({ env });
    try {
      const e = await createAccount(app.app, { kind: 'escort' });
      const before = await keysOf('privado');
      const { payload, headers } = form(e.nickname, await photo(), 'cedula.jpg');
      const res = await app.app.inject({
        method: 'POST',
        url: `/api/upload/subir-validacion-escort/${e.nickname}`,
        payload,
        headers: { ...headers, ...bearer(e) },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await keysOf('privado')).toEqual(before);
    } finally {
      await app.close();
    }
  });
});

describe('backup and restore with S3', () => {
  it('copies both buckets into the backup and back into empty ones, checksums equal', async () => {
    const { createBackup } = await import('../../src/infra/backup/backup.ts');
    const { restoreBackup } = await import('../../src/infra/backup/restore.ts');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-s3-backup-'));
    const target = await startS3(['fotos2', 'privado2']);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-s3-restore-'));
    try {
      // A PGlite DATA_DIR to back up from (the test app's database lives in memory).
      const source = loadConfig({
        ...s3.env({ media: 'fotos', documents: 'privado' }),
        DATA_DIR: t.dataDir,
        DOCUMENT_KEY: t.config.documentKey!,
      });
      const { openDatabase } = await import('../../src/db/client.ts');
      const db = await openDatabase({ dataDir: path.join(t.dataDir, 'pglite') });
      await db.close();
      const manifest = await createBackup(source, path.join(dir, 'b'), systemClock);
      expect(manifest.documents.count).toBe((await keysOf('privado')).length);
      expect(manifest.media.count).toBe((await keysOf('fotos')).length);
      expect(manifest.documents.keyFile).toBe(false);

      const restored = loadConfig({
        ...target.env({ media: 'fotos2', documents: 'privado2' }),
        DATA_DIR: dataDir,
        DOCUMENT_KEY: t.config.documentKey!,
      });
      await restoreBackup(restored, path.join(dir, 'b'));
      for (const [from, to] of [
        ['fotos', 'fotos2'],
        ['privado', 'privado2'],
      ] as const) {
        const targetBucket = s3Objects({ ...restored.s3!, bucket: to });
        for (const key of await keysOf(from)) {
          const copy = await targetBucket.get(key);
          expect(copy?.equals((await bucket(from).get(key))!), `${to}/${key}`).toBe(true);
        }
      }
      // Restoring again into buckets that now hold data is refused.
      await expect(restoreBackup(restored, path.join(dir, 'b'))).rejects.toThrow(/not empty/);
    } finally {
      await target.stop();
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // A whole backup and restore (a PGlite dump, two buckets each way): 67 s on a CI machine with a
    // load average of 20, past the project's 60 s.
  }, 600_000);
});
