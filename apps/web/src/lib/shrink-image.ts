import { limits } from '@encanto/core/constants';

/**
 * Phone photos are 4 to 12 MB: over the gallery's 2 MB and slow on a phone's uplink. Before upload the
 * browser draws the photo at most `longSide` pixels on its long side and re-encodes it as WebP (JPEG where
 * the browser cannot write WebP), following the photo's EXIF orientation (decision 0149). The server's
 * limits and its own checks of the bytes stay as they were.
 */

/** Width and height that fit `longSide`, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'IMG_2041.HEIC' + 'webp' -> 'IMG_2041.webp'. */
export function renamed(name: string, extension: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'foto';
  return `${base}.${extension}`;
}

/** Formats re-encoding would spoil or cannot hold: animations and vector images go as they are. */
const keepAsIs = new Set(['image/gif', 'image/svg+xml']);

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const quality = 0.85;
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    const webp = await canvas.convertToBlob({ type: 'image/webp', quality });
    // A browser that cannot write WebP answers PNG: JPEG is then the smaller choice.
    return webp.type === 'image/webp' ? webp : canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  const toBlob = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  const webp = await toBlob('image/webp');
  return webp?.type === 'image/webp' ? webp : toBlob('image/jpeg');
}

/**
 * The photo to upload: `file` itself when it is not a still image, already small enough, or the browser
 * cannot decode it (the server then answers as before); otherwise the resized copy.
 */
export async function shrinkImage(file: File, longSide: number = limits.uploadLongSide): Promise<File> {
  if (!file.type.startsWith('image/') || keepAsIs.has(file.type) || typeof createImageBitmap !== 'function')
    return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, longSide);
    const fits = size.width === bitmap.width && size.height === bitmap.height;
    if (fits && file.size <= limits.galleryMaxBytes) return file;
    const blob = await encode(bitmap, size.width, size.height).catch(() => null);
    if (!blob || (fits && blob.size >= file.size)) return file;
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
    return new File([blob], renamed(file.name, extension), {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
