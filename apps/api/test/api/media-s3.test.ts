import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createS3MediaStore } from '../../src/modules/media/s3-store.ts';
import { createTestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';

/**
 * A loopback S3 endpoint speaking just enough of the protocol (path-style
 * PutObject, GetObject, DeleteObject) to check what the driver sends.
 */
interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const requests: Recorded[] = [];
const objects = new Map<string, { body: Buffer; type: string }>();
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method!, path, headers: req.headers, body });
      if (req.method === 'PUT') {
        objects.set(path, { body, type: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"abc"' }).end();
      } else if (req.method === 'GET') {
        const obj = objects.get(path);
        if (!obj) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
        } else {
          res.writeHead(200, { 'content-type': obj.type, 'content-length': obj.body.length }).end(obj.body);
        }
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  requests.length = 0;
});

const s3Env = () => ({
  S3_BUCKET: 'fotos',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'AKIDTEST',
  S3_SECRET_ACCESS_KEY: 'secret-test',
});

describe('S3 media store (contract)', () => {
  it('PutObject: path-style key in the bucket, content type, immutable cache, signed, exact bytes', async () => {
    const store = createS3MediaStore({
      bucket: 'fotos',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'x',
    });
    const bytes = randomBytes(2048);
    await store.put('ab/abcdef-640.webp', bytes, 'image/webp');
    expect(requests).toHaveLength(1);
    const put = requests[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/fotos/ab/abcdef-640.webp');
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(put.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
    expect(put.body.equals(bytes)).toBe(true);

    expect((await store.get('ab/abcdef-640.webp'))?.equals(bytes)).toBe(true);
    expect(await store.get('ab/missing-640.webp')).toBeNull();

    await store.delete('ab/abcdef-640.webp');
    const del = requests.at(-1)!;
    expect(del.method).toBe('DELETE');
    expect(del.path).toBe('/fotos/ab/abcdef-640.webp');
    expect(objects.has('/fotos/ab/abcdef-640.webp')).toBe(false);
    expect(store.url('ab/abcdef-640.webp')).toBe('/media/ab/abcdef-640.webp');
  });

  it('refuses unsafe keys before any request', async () => {
    const store = createS3MediaStore({
      bucket: 'fotos',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(store.delete('/abs')).rejects.toThrow(/unsafe/);
    expect(requests).toHaveLength(0);
  });

  it('the app on S3: a profile photo goes to the bucket without metadata, /media proxies it, delete removes every variant', async () => {
    const t = await createTestApp({ env: s3Env() });
    try {
      const e = await createAccount(t.app, { kind: 'escort' });
      const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a1f3d' } })
        .jpeg()
        .withExif({
          IFD0: { Make: 'PhoneMaker' },
          IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 5/1' },
        })
        .toBuffer();
      const boundary = 'xxBOUNDARYxx';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${e.nickname}\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/upload/subir-perfil-escort/${e.nickname}`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(e) },
      });
      expect(res.statusCode).toBe(201);
      const { fileUrl, publicId } = res.json();
      const puts = requests.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.path).sort()).toEqual(
        [320, 640, 1080].map((w) => `/fotos/${publicId.slice(0, 2)}/${publicId}-${w}.webp`).sort(),
      );
      for (const p of puts) {
        const meta = await sharp(p.body).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(p.body.toString('latin1')).not.toContain('PhoneMaker');
      }

      const served = await t.app.inject(fileUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(objects.get(`/fotos${fileUrl.slice('/media'.length)}`)!.body)).toBe(
        true,
      );
      expect((await t.app.inject('/media/zz/nothing-640.webp')).statusCode).toBe(404);
      expect((await t.app.inject('/media/..%2Fsecret')).statusCode).toBe(404);

      requests.length = 0;
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/upload/eliminar-perfil-escort/${e.nickname}/${publicId}`,
        headers: bearer(e),
      });
      expect(del.statusCode).toBe(200);
      expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(3);
      expect([...objects.keys()].filter((k) => k.includes(publicId))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with S3_PUBLIC_URL, /media/* redirects permanently to the public bucket address', async () => {
    const t = await createTestApp({ env: { ...s3Env(), S3_PUBLIC_URL: 'https://cdn.example.cl/fotos/' } });
    try {
      const res = await t.app.inject('/media/ab/abcdef-640.webp');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://cdn.example.cl/fotos/ab/abcdef-640.webp');
      // The page may load images from that origin, and from no other host.
      const page = await t.app.inject('/api/health');
      expect(page.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://cdn.example.cl;",
      );
    } finally {
      await t.close();
    }
  });
});
