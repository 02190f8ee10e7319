import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredImage } from '../infra/media/images.ts';
import type { MediaStore } from '../infra/media/store.ts';

/**
 * A folder of demo photos already through the image pipeline, keyed by their SVG: a demo
 * illustration's bytes depend on its SVG alone, so a second seed on the same machine copies the
 * stored variants instead of rendering and encoding them again (about 0.3 s of CPU a photo, 86
 * photos a seed). Set by DEMO_PHOTO_CACHE; the test runner sets it for one run, since each test
 * server, the newcomer start and the backup tests seed the demo again (decision 0137).
 */
export interface DemoPhotoCache {
  /** The stored image for this SVG, its variants written into `store`; undefined when not cached. */
  restore(svg: string, store: MediaStore): Promise<StoredImage | undefined>;
  /** Keeps what `store` holds for an image made from this SVG. */
  keep(svg: string, image: StoredImage, store: MediaStore): Promise<void>;
}

interface Entry {
  publicId: string;
  variants: StoredImage['variants'];
  mainKey: string;
  bytes: number;
  phash: string;
}

const entryFile = 'entry.json';

export function demoPhotoCache(folder: string): DemoPhotoCache {
  const dirOf = (svg: string) => path.join(folder, createHash('sha256').update(svg).digest('hex'));
  const fileOf = (dir: string, key: string) => path.join(dir, path.basename(key));
  return {
    async restore(svg, store) {
      const dir = dirOf(svg);
      let entry: Entry;
      try {
        entry = JSON.parse(await fs.readFile(path.join(dir, entryFile), 'utf8')) as Entry;
      } catch {
        return undefined;
      }
      for (const v of entry.variants)
        await store.put(v.key, await fs.readFile(fileOf(dir, v.key)), 'image/webp');
      return {
        publicId: entry.publicId,
        url: store.url(entry.mainKey),
        variants: entry.variants,
        bytes: entry.bytes,
        phash: BigInt(entry.phash),
        // Demo photos are drawn pictures, never one flat colour; the seed writes them without a hold check.
        detailed: true,
      };
    },
    async keep(svg, image, store) {
      const main = image.variants.find((v) => image.url.endsWith(v.key)) ?? image.variants[0];
      if (!main) return;
      // Written to a folder of its own and renamed into place, so a reader never sees half an entry
      // (several servers of one test run seed at the same time).
      const dir = dirOf(svg);
      const staging = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await fs.mkdir(staging, { recursive: true });
      for (const v of image.variants) {
        const body = await store.get(v.key);
        if (!body) return fs.rm(staging, { recursive: true, force: true });
        await fs.writeFile(fileOf(staging, v.key), body);
      }
      const entry: Entry = {
        publicId: image.publicId,
        variants: image.variants,
        mainKey: main.key,
        bytes: image.bytes,
        phash: image.phash.toString(),
      };
      await fs.writeFile(path.join(staging, entryFile), JSON.stringify(entry));
      await fs.rename(staging, dir).catch(() => fs.rm(staging, { recursive: true, force: true }));
    },
  };
}
