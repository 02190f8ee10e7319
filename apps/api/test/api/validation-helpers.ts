import { expect } from 'vitest';
import sharp from 'sharp';
import type { TestApp } from '../helpers/app.ts';
import { bearer, type FixtureAccount } from '../helpers/fixtures.ts';

/** Uploads a small identity-document photo as the account itself; returns the document's publicId. */
export async function uploadDocument(t: TestApp, account: FixtureAccount, image?: Buffer): Promise<string> {
  const bytes =
    image ??
    (await sharp({ create: { width: 600, height: 400, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer());
  const boundary = 'xxBOUNDARYxx';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-validacion-${account.kind === 'client' ? 'cliente' : 'escort'}/${account.nickname}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(account) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().publicId;
}
