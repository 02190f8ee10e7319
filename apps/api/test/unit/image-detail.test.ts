import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ingestImage } from '../../src/infra/media/images.ts';
import { createDiskMediaStore, type MediaStore } from '../../src/infra/media/store.ts';

/**
 * The photo-theft hold (decision 0177) ignores pictures of one flat colour: their perceptual hash
 * carries no information, so every flat picture would look like a copy of every other.
 */
let dir: string;
let store: MediaStore;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'image-detail-'));
  store = createDiskMediaStore(dir);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const flat = (r: number) =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: { r, g: 40, b: 70 } } })
    .jpeg()
    .toBuffer();
const shapes = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><rect width="400" height="500" fill="#333"/><circle cx="200" cy="190" r="90" fill="#ddd"/></svg>',
    ),
  )
    .jpeg()
    .toBuffer();

describe('ingestImage: detail', () => {
  it('a flat colour has no detail, whatever the colour', async () => {
    for (const r of [0, 120, 255]) {
      const stored = await ingestImage(store, await flat(r), { maxBytes: 5_000_000 });
      expect(stored.detailed).toBe(false);
    }
  });

  it('a picture with shapes has detail', async () => {
    const stored = await ingestImage(store, await shapes(), { maxBytes: 5_000_000 });
    expect(stored.detailed).toBe(true);
  });
});
