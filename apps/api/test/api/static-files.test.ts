import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp } from '../helpers/web-app.ts';
import type { TestApp } from '../helpers/app.ts';
import { IMMUTABLE } from '../../src/infra/media/store.ts';

/**
 * The built assets and the stored media, served without reading their folders on each request (decision
 * 0197): a route per built file, and media through our own key check. What a browser gets stays the same.
 */
let t: TestApp;
let script: string;
const MEDIA_KEY = 'ab/abcdef0123456789-640.webp';
const MEDIA_BYTES = Buffer.from('RIFF\0\0\0\0WEBPVP8 not really an image, but bytes to serve');

beforeAll(async () => {
  t = await createWebTestApp();
  const assets = await fs.readdir(path.join(process.env.WEB_DIST_DIR!, 'client', 'assets'));
  script = assets.find((name) => /^index-[\w-]{8}\.js$/.test(name))!;
  await t.app.services.media.put(MEDIA_KEY, MEDIA_BYTES, 'image/webp');
});
afterAll(async () => {
  await t?.close();
});

/** Each URL answers the web app's plain 404, never a page and never cached for a year. */
async function expectPlain404(urls: string[]): Promise<void> {
  for (const url of urls) {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.body, url).toBe('No encontrado.');
    expect(res.headers['cache-control'] ?? '', url).not.toContain('immutable');
  }
}

describe('built assets', () => {
  it('each built file has a route of its own; no wildcard route reads the folder per request', () => {
    expect(t.app.hasRoute({ method: 'GET', url: `/assets/${script}` })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/*' })).toBe(false);
  });

  it('a script is sent pre-compressed, cached for a year; HEAD answers the same', async () => {
    const res = await t.app.inject({ url: `/assets/${script}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.app.inject({ method: 'HEAD', url: `/assets/${script}` });
    expect(head.statusCode).toBe(200);
  });

  it('a name that was not built, another spelling or a climb out is a plain 404, never a page', async () => {
    await expectPlain404([
      '/assets/index-NOTBUILT.js',
      `/assets/${script.toUpperCase()}`,
      '/assets/..%2f..%2fpackage.json',
    ]);
  });
});

describe('stored media', () => {
  it('a stored file is sent with its type and cached for a year; a range is honoured', async () => {
    const res = await t.app.inject(`/media/${MEDIA_KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(MEDIA_BYTES)).toBe(true);
    const part = await t.app.inject({ url: `/media/${MEDIA_KEY}`, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('RIFF');
  });

  it('a missing file, another spelling or a climb out is a plain 404 that is not cached for a year', async () => {
    await expectPlain404([
      '/media/ab/missing-640.webp',
      `/media/${MEDIA_KEY.toUpperCase()}`,
      '/media/..%2f..%2fetc%2fpasswd',
    ]);
  });
});
