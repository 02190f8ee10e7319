import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { MediaStore } from './store.ts';

/** The words on her pictures (decision 0178): the site's name and her nickname. */
export const markText = (siteName: string, nickname: string) => `${siteName} · ${nickname}`;

/** Eight hex characters of the mark text: part of every marked file's name, so a new text gets new names. */
export const markHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

const VARIANT_KEY = /^(.*)-(\d+)\.webp$/;
const MARKED_KEY = /-m([0-9a-f]{8})-\d+\.webp$/;

/**
 * `ab/<hash>-640.webp` marked with `markHash` is `ab/<hash>-m<markHash>-640.webp`: its own content
 * name, never an overwrite of an original served `immutable`, and still `<base>-<width>.webp` so
 * `srcsetFor` builds its srcset like any other picture's.
 */
export function markedKey(key: string, hash: string): string {
  const m = VARIANT_KEY.exec(key);
  if (!m) throw new Error(`not an image variant key: ${key}`);
  return `${m[1]}-m${hash}-${m[2]}.webp`;
}

/** The mark hash a served URL or key carries; undefined for an unmarked picture. */
export const markOf = (keyOrUrl: string): string | undefined => MARKED_KEY.exec(keyOrUrl)?.[1];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The mark as an SVG the size of the picture: light text with a dark outline, so it reads on light
 * and dark photos, at the bottom-right corner, its size a fixed share of the picture's width (about a
 * third of the width for a long nickname), never under 10 px so a 320 px card still shows it.
 */
export function markSvg(text: string, width: number, height: number): string {
  const size = Math.max(10, Math.round(width * 0.026));
  const pad = Math.max(6, Math.round(size * 0.8));
  const stroke = Math.max(1.5, size * 0.14).toFixed(1);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${width - pad}" y="${height - pad}" text-anchor="end" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${size}" font-weight="600" ` +
    `fill="#ffffff" fill-opacity="0.78" stroke="#000000" stroke-opacity="0.55" stroke-width="${stroke}" ` +
    `stroke-linejoin="round" paint-order="stroke">${escapeXml(text)}</text></svg>`
  );
}

/**
 * Marked copies of an image's stored variants (WebP, the same widths), each made from the variant
 * itself and stored under `markedKey`. The originals stay as they are. On failure the copies made so
 * far are removed and the error goes up.
 */
export async function markVariants(
  store: MediaStore,
  variants: MediaVariant[],
  text: string,
): Promise<MediaVariant[]> {
  const hash = markHash(text);
  const made: MediaVariant[] = [];
  try {
    for (const v of variants) {
      const bytes = await store.get(v.key);
      if (!bytes) throw new Error(`media file missing: ${v.key}`);
      const image = sharp(bytes, { failOn: 'error' });
      const { width, height } = await image.metadata();
      if (!width || !height) throw new Error(`media file unreadable: ${v.key}`);
      const data = await image
        .composite([{ input: Buffer.from(markSvg(text, width, height)), top: 0, left: 0 }])
        .webp({ quality: 80 })
        .toBuffer();
      const key = markedKey(v.key, hash);
      await store.put(key, data, 'image/webp');
      made.push({ width, height, key });
    }
  } catch (err) {
    await Promise.all(made.map((v) => store.delete(v.key)));
    throw err;
  }
  return made;
}
