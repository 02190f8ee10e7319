import { createHash } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import { tooLarge, unsupportedType } from '../../errors.ts';
import type { MediaStore } from './store.ts';
import { Mp4FormatError } from './mp4-boxes.ts';
import { rewriteMp4 } from './mp4-rewrite.ts';
import { assertNoActiveContent } from './upload-guard.ts';
import type { MediaVariant } from '../../db/schema/media.ts';

/**
 * Major brands of ISO base-media files that browsers play as video/mp4.
 * QuickTime ('qt  '), 3GPP and audio-only brands (M4A) are left out on purpose:
 * the product promises mp4 video and nothing else.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'mmp4',
  'f4v ',
]);

/** Box types are four printable ASCII characters; anything else means the bytes are not a box. */
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/** True when the bytes start with an `ftyp` box (bytes 4-8) naming a known mp4 major brand. */
export function hasMp4Signature(bytes: Buffer): boolean {
  if (bytes.length < 16) return false;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length) return false;
  if (bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  return MP4_BRANDS.has(bytes.toString('latin1', 8, 12));
}

/**
 * Walks the top-level boxes: they must tile the whole file exactly, start with
 * `ftyp` and include a `moov` (the movie header every player needs). This keeps
 * out files that merely begin like an mp4 and then carry something else
 * (an HTML or script polyglot behind a forged header).
 */
export function isMp4(bytes: Buffer): boolean {
  if (!hasMp4Signature(bytes)) return false;
  let offset = 0;
  let sawMoov = false;
  let boxes = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < 8) return false;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!BOX_TYPE.test(type)) return false;
    if (size === 1) {
      if (bytes.length - offset < 16) return false;
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(bytes.length - offset)) return false;
      size = Number(large);
      if (size < 16) return false;
    } else if (size === 0) {
      size = bytes.length - offset; // "to the end of the file", allowed for the last box
    } else if (size < 8) {
      return false;
    }
    if (offset + size > bytes.length) return false;
    if (boxes === 0 && type !== 'ftyp') return false;
    if (type === 'moov') sawMoov = true;
    offset += size;
    boxes += 1;
    if (boxes > 10_000) return false;
  }
  return sawMoov;
}

export interface StoredVideo {
  publicId: string;
  url: string;
  variants: MediaVariant[];
  bytes: number;
}

/**
 * Stores an mp4 rewritten without metadata (mp4-rewrite.ts), faststart, under
 * a content-hash name of the rewritten bytes; no transcoding on a 2-core box.
 * Markup or script anywhere in the upload is 415 like in images (the generic
 * message); an mp4 the rewriter cannot handle safely (fragmented, encrypted,
 * inconsistent sample tables) is 415 with a message that says so.
 */
export async function ingestVideo(
  store: MediaStore,
  bytes: Buffer,
  options: { maxBytes: number },
): Promise<StoredVideo> {
  if (bytes.length > options.maxBytes) throw tooLarge();
  if (!isMp4(bytes)) throw unsupportedType();
  assertNoActiveContent(bytes);
  let clean: Buffer;
  try {
    clean = rewriteMp4(bytes);
  } catch (err) {
    if (err instanceof Mp4FormatError) throw unsupportedType(msg.videoNotProcessable);
    throw err;
  }
  // Dropping the bytes between chunks can join two harmless halves into markup.
  assertNoActiveContent(clean);
  const hash = createHash('sha256').update(clean).digest('hex').slice(0, 32);
  const key = `${hash.slice(0, 2)}/${hash}.mp4`;
  await store.put(key, clean, 'video/mp4');
  return {
    publicId: hash,
    url: store.url(key),
    variants: [{ width: 0, height: 0, key }],
    bytes: clean.length,
  };
}
