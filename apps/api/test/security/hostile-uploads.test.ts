import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { forgedMp4, noiseJpeg, noisePng, scriptInMp4 } from '../helpers/gallery-media.ts';
import { errorShapeProblems, listFiles } from './world.ts';

/**
 * Hostile files against every upload endpoint: profile photos (escort and
 * client), identity documents (escort and client) and the gallery. Each must
 * be refused with a 4xx and leave no file in DATA_DIR and no row behind.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

interface Endpoint {
  name: string;
  path: string;
  kind: 'escort' | 'client';
}
const endpoints: Endpoint[] = [
  { name: 'escort profile photo', path: '/api/upload/subir-perfil-escort/', kind: 'escort' },
  { name: 'client profile photo', path: '/api/upload/subir-perfil-cliente/', kind: 'client' },
  { name: 'escort identity document', path: '/api/upload/subir-validacion-escort/', kind: 'escort' },
  { name: 'client identity document', path: '/api/upload/subir-validacion-cliente/', kind: 'client' },
  { name: 'gallery', path: '/api/upload/subir-imagenes/', kind: 'escort' },
];

/**
 * A fresh pending account per attempt (pending: the state in which an identity
 * document may be uploaded), so a refusal is never "you already have a photo".
 */
const freshOwner = (endpoint: Endpoint): Promise<FixtureAccount> =>
  createAccount(t.app, { kind: endpoint.kind });

/** A browser-like multipart body: the nickname field (the profile forms send it) and one file. */
function multipart(bytes: Buffer, filename: string, contentType: string, nickname: string) {
  const boundary = `----sec${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${nickname}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---- hostile files --------------------------------------------------------------

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A tiny PNG that declares width x height (8-bit grey): a few hundred bytes that would decode to gigabytes. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // A few zero rows compress to almost nothing; the decoder would have to inflate the rest.
  const rows = deflateSync(Buffer.alloc((width + 1) * 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF that is also JavaScript: width 0x2A2F makes the header read "GIF89a/*",
 * the image bytes sit inside the comment and the script follows the trailer.
 */
async function gifJsPolyglot(): Promise<Buffer> {
  const gif = await sharp(randomBytes(10799 * 2 * 3), { raw: { width: 10799, height: 2, channels: 3 } })
    .gif()
    .toBuffer();
  const body = gif.toString('latin1').replaceAll('*/', '*_');
  return Buffer.concat([Buffer.from(body, 'latin1'), Buffer.from('*/=1;alert(document.domain);//')]);
}

const hostile: { name: string; file: () => Promise<{ bytes: Buffer; filename: string; type: string }> }[] = [
  {
    name: 'plain text named .jpg',
    file: async () => ({
      bytes: Buffer.from('hola, esto no es una imagen\n'.repeat(20)),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'HTML page named .png',
    file: async () => ({
      bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      filename: 'foto.png',
      type: 'image/png',
    }),
  },
  {
    name: 'ELF executable named .jpg',
    file: async () => ({
      bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2048)]),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'JPEG magic bytes then garbage',
    file: async () => ({
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'JPEG followed by HTML and script (polyglot)',
    file: async () => ({
      bytes: Buffer.concat([
        await noiseJpeg(64, 64),
        Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
      ]),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'PNG with a script in a text chunk (polyglot)',
    file: async () => {
      const png = await noisePng(32, 32);
      const iend = png.length - 12;
      const text = pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1'));
      return {
        bytes: Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]),
        filename: 'foto.png',
        type: 'image/png',
      };
    },
  },
  {
    name: 'GIF/JavaScript polyglot',
    file: async () => ({ bytes: await gifJsPolyglot(), filename: 'foto.gif', type: 'image/gif' }),
  },
  {
    name: 'SVG with script',
    file: async () => ({
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>',
      ),
      filename: 'foto.svg',
      type: 'image/svg+xml',
    }),
  },
  {
    name: 'SVG named .jpg with an onload handler',
    file: async () => ({
      bytes: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="10" height="10"></svg>',
      ),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'PNG declaring 30000x30000 pixels (decompression bomb)',
    file: async () => ({ bytes: bombPng(30000, 30000), filename: 'foto.png', type: 'image/png' }),
  },
  {
    name: 'PNG declaring 65535x65535 pixels',
    file: async () => ({ bytes: bombPng(65535, 65535), filename: 'foto.png', type: 'image/png' }),
  },
  {
    name: 'valid JPEG named ../../etc/passwd.jpg',
    file: async () => ({
      bytes: await noiseJpeg(64, 64),
      filename: '../../etc/passwd.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'valid JPEG named with a Windows path',
    file: async () => ({
      bytes: await noiseJpeg(64, 64),
      filename: '..\\..\\windows\\win.ini.jpg',
      type: 'image/jpeg',
    }),
  },
  {
    name: 'valid JPEG named with an absolute path',
    file: async () => ({ bytes: await noiseJpeg(64, 64), filename: '/etc/cron.d/x.jpg', type: 'image/jpeg' }),
  },
  {
    name: 'zero-byte file',
    file: async () => ({ bytes: Buffer.alloc(0), filename: 'foto.jpg', type: 'image/jpeg' }),
  },
  {
    name: 'truncated JPEG',
    file: async () => {
      const jpeg = await noiseJpeg(256, 256);
      return {
        bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        filename: 'foto.jpg',
        type: 'image/jpeg',
      };
    },
  },
  {
    name: 'truncated PNG',
    file: async () => {
      const png = await noisePng(128, 128);
      return { bytes: png.subarray(0, Math.floor(png.length / 2)), filename: 'foto.png', type: 'image/png' };
    },
  },
  {
    name: 'mp4 header followed by HTML',
    file: async () => ({ bytes: forgedMp4(), filename: 'video.mp4', type: 'video/mp4' }),
  },
  {
    name: 'well-formed mp4 with a script in a free box (ftyp + moov + free)',
    file: async () => ({ bytes: scriptInMp4(), filename: 'video.mp4', type: 'video/mp4' }),
  },
];

async function snapshot() {
  const files = await listFiles(t.dataDir);
  const rows = await t.app.db.execute(sql`select
    (select count(*)::int from media) as media,
    (select count(*)::int from identity_documents) as documents,
    (select string_agg(url, ',' order by id) from accounts) as urls`);
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  // The document key file is created on first use of the document store, not by an upload.
  return { files: files.filter((f) => f !== 'document.key'), db: list[0] };
}

describe('hostile uploads', () => {
  for (const endpoint of endpoints) {
    describe(endpoint.name, () => {
      it.each(hostile.map((h) => [h.name, h] as const))(
        'refuses %s with a 4xx and writes nothing',
        async (_name, h) => {
          const owner = await freshOwner(endpoint);
          const before = await snapshot();
          const { bytes, filename, type } = await h.file();
          const form = multipart(bytes, filename, type, owner.nickname);
          const res = await t.app.inject({
            method: 'POST',
            url: endpoint.path + owner.nickname,
            headers: { ...form.headers, ...bearer(owner) },
            payload: form.payload,
          });
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, res.body).toBeLessThan(500);
          expect(errorShapeProblems(res)).toEqual([]);
          expect(await snapshot()).toEqual(before);
        },
      );
    });
  }

  it('refuses the mp4 polyglots in the gallery with 415 and the message images get', async () => {
    for (const bytes of [forgedMp4(), scriptInMp4()]) {
      const owner = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
      const form = multipart(bytes, 'video.mp4', 'video/mp4', owner.nickname);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/upload/subir-imagenes/${owner.nickname}`,
        headers: { ...form.headers, ...bearer(owner) },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({
        mensaje: 'Tipo de archivo no permitido. Solo se aceptan imágenes y videos MP4.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('still accepts a plain JPEG on every endpoint (the refusals above are about the files)', async () => {
    for (const endpoint of endpoints) {
      const owner = await freshOwner(endpoint);
      const form = multipart(await noiseJpeg(200, 150), 'foto.jpg', 'image/jpeg', owner.nickname);
      const res = await t.app.inject({
        method: 'POST',
        url: endpoint.path + owner.nickname,
        headers: { ...form.headers, ...bearer(owner) },
        payload: form.payload,
      });
      expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBe(201);
    }
    const files = await listFiles(t.dataDir);
    // Only content-hash names inside media/ and documents/: nothing named after the upload. (The keys
    // the server makes for itself outside production sit beside them: document.key, vapid.json.)
    for (const f of files)
      expect(f).toMatch(
        /^(document\.key|vapid\.json|media\/[0-9a-f]{2}\/[0-9a-f]{32}-\d+\.webp|documents\/[\w.-]+)$/,
      );
  });
});
