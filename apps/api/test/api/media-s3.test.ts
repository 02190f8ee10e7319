import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3MediaStore } from '../../src/infra/media/s3-store.ts';

/**
 * A loopback S3 endpoint speaking just enough of the protocol (path-style
 * PutObject, GetObject, DeleteObject) to check what the driver sends: the
 * request signing and headers a real server does not show. What the buckets
 * hold after the app's uploads is tested on a real server (s3-storage.test.ts).
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
});
