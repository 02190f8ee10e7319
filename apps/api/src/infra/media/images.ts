import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { imageWidths, defaultImageWidth } from '@encanto/core/media';
import { tooLarge, unsupportedType } from '../../errors.ts';
import type { MediaStore } from './store.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { assertNoActiveContent } from './upload-guard.ts';
import type { MediaVariant } from '../../db/schema/media.ts';

export interface StoredImage {
  /** Content-hash name, the spec's publicId. */
  publicId: string;
  /** URL of the default (640 px) variant. */
  url: string;
  variants: MediaVariant[];
  bytes: number;
  /** Perceptual hash of the decoded picture (infra/media/perceptual-hash.ts). */
  phash: bigint;
  /**
   * The picture has detail (not one flat colour): a flat picture's hash carries no information, so
   * it never counts as a copy of another (decision 0177).
   */
  detailed: boolean;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Below this grey-level standard deviation a picture is one flat colour. */
const FLAT_STDEV = 2;
/** Decompression-bomb guard: no more than 40 megapixels decoded. */
const MAX_PIXELS = 40_000_000;

/**
 * libvips's process-wide settings (decision 0151): its default, one thread per core per operation and an
 * operation cache of up to 50 MB, kept freed image memory in glibc's per-thread arenas (about 250 MB
 * after the demo photos). An upload is a one-off: nothing repeats to hit the cache.
 */
export function applyImageMemory(memory: { imageConcurrency: number; imageCacheMb: number }): void {
  sharp.concurrency(memory.imageConcurrency);
  sharp.cache(memory.imageCacheMb > 0 ? { memory: memory.imageCacheMb, files: 0, items: 100 } : false);
}

export interface DecodedImage {
  width: number;
  height: number;
  /** A fresh pipeline over the bytes with the EXIF orientation applied, ready to resize and encode. */
  open(): Sharp;
}

/**
 * The one intake for uploaded pictures (public media and identity documents):
 * empty or unreadable bytes, or a format outside the list, are 415; more than
 * `maxBytes` or 40 megapixels is 413; markup or script inside is refused.
 * The bytes are judged by decoding them, never by the declared type.
 */
export async function decodeImage(bytes: Buffer, maxBytes: number): Promise<DecodedImage> {
  if (bytes.length === 0) throw unsupportedType();
  if (bytes.length > maxBytes) throw tooLarge();
  assertNoActiveContent(bytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw unsupportedType();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw unsupportedType();
  if (meta.width * meta.height > MAX_PIXELS) throw tooLarge();
  return {
    width: meta.width,
    height: meta.height,
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    open: () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate(),
  };
}

/**
 * Re-encodes an uploaded image as WebP in the standard widths with every piece
 * of metadata (EXIF, GPS, XMP, ICC) dropped, and stores each variant under a
 * content-hash name.
 */
export async function ingestImage(
  store: MediaStore,
  bytes: Buffer,
  options: { maxBytes: number },
): Promise<StoredImage> {
  const image = await decodeImage(bytes, options.maxBytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const variants: MediaVariant[] = [];
  let total = 0;
  try {
    for (const width of imageWidths) {
      const { data, info } = await image
        .open()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = `${hash.slice(0, 2)}/${hash}-${width}.webp`;
      await store.put(key, data, 'image/webp');
      variants.push({ width: info.width, height: info.height, key });
      total += data.length;
    }
  } catch (err) {
    await Promise.all(variants.map((v) => store.delete(v.key)));
    if ((err as { status?: number }).status) throw err;
    throw unsupportedType();
  }
  const main = variants.find((v) => v.key.endsWith(`-${defaultImageWidth}.webp`)) ?? variants[0]!;
  const phash = await perceptualHash(image.open());
  const stats = await image.open().greyscale().stats();
  const detailed = (stats.channels[0]?.stdev ?? 0) >= FLAT_STDEV;
  return { publicId: hash, url: store.url(main.key), variants, bytes: total, phash, detailed };
}

/** Deletes every stored variant of an image. */
export async function deleteImage(store: MediaStore, variants: MediaVariant[]): Promise<void> {
  await Promise.all(variants.map((v) => store.delete(v.key)));
}
