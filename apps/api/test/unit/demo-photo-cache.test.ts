import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPhotoCache } from '../../src/demo/photo-cache.ts';
import { illustrationSvg } from '../../src/demo/illustration.ts';
import { ingestImage } from '../../src/infra/media/images.ts';
import { createDiskMediaStore } from '../../src/infra/media/store.ts';

const folders: string[] = [];
const folder = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-photo-cache-'));
  folders.push(dir);
  return dir;
};
afterAll(() => Promise.all(folders.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe('the demo photo cache', () => {
  it('gives a second store the same stored image, byte for byte, as the pipeline made for the first', async () => {
    const cache = demoPhotoCache(await folder());
    const first = createDiskMediaStore(await folder());
    const second = createDiskMediaStore(await folder());
    const svg = illustrationSvg('cache-test', { figure: 'femenino', palette: 3 });
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();

    await expect(cache.restore(svg, second)).resolves.toBeUndefined();
    const made = await ingestImage(first, png, { maxBytes: 32 * 1024 * 1024 });
    await cache.keep(svg, made, first);
    const restored = await cache.restore(svg, second);

    expect(restored).toEqual(made);
    for (const v of made.variants) expect(await second.get(v.key)).toEqual(await first.get(v.key));
    // Another SVG is not the same photo.
    const other = illustrationSvg('cache-test-2', { figure: 'femenino', palette: 3 });
    await expect(cache.restore(other, second)).resolves.toBeUndefined();
  });
});
