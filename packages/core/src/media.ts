/** Widths of the WebP variants made for every uploaded image; names end in `-{width}.webp`. */
export const imageWidths = [320, 640, 1080] as const;
export const defaultImageWidth = 640;

/** What a stored file is for, and what it is (the database stores these words). */
export const mediaPurposeValues = ['profile', 'gallery'] as const;
export const mediaTypeValues = ['image', 'video'] as const;
/** A held picture (decision 0177): under review, or taken down by an admin. Never shown publicly. */
export const photoHoldStateValues = ['en_revision', 'retirada'] as const;

const VARIANT = /^(.*)-(\d+)\.webp$/;

export function variantUrl(url: string, width: number): string {
  const m = VARIANT.exec(url);
  return m ? `${m[1]}-${width}.webp` : url;
}

/** srcset for one of our own media URLs; empty for external URLs, which have no variants. */
export function srcsetFor(url: string): string {
  if (!url.startsWith('/media/') || !VARIANT.test(url)) return '';
  return imageWidths.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ');
}

export function isVideoUrl(url: string): boolean {
  return /\.(mp4|avi)(\?.*)?$/i.test(url);
}
