import sharp from 'sharp';
import { limits } from '@encanto/core/constants';
import { unsupportedType } from '../../errors.ts';
import { decodeImage } from '../media/images.ts';
import { perceptualHash } from '../media/perceptual-hash.ts';

/** Long side after re-encoding: enough to read a card's small print, small enough to send to a phone. */
export const DOCUMENT_MAX_SIDE = 2000;

export interface PreparedDocument {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
  /** Perceptual hash: the same document uploaded to two accounts is a signal for the admin. */
  phash: bigint;
}

/**
 * Checks the bytes as any uploaded picture (decodeImage), then re-encodes them
 * as JPEG no larger than 2000 px on the long side. sharp writes no metadata
 * unless asked, so EXIF, GPS, XMP and ICC are all dropped.
 */
export async function prepareDocument(bytes: Buffer): Promise<PreparedDocument> {
  const image = await decodeImage(bytes, limits.documentMaxBytes);
  try {
    const { data, info } = await image
      .open()
      .resize({
        width: DOCUMENT_MAX_SIDE,
        height: DOCUMENT_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      width: info.width,
      height: info.height,
      contentType: 'image/jpeg',
      phash: await perceptualHash(sharp(data)),
    };
  } catch {
    throw unsupportedType();
  }
}
