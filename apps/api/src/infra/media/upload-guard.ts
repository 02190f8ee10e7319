import { msg } from '@encanto/core/messages';
import { badRequest, unsupportedType } from '../../errors.ts';

/**
 * Markup or script that has no business inside a photo. Specific sequences of
 * six bytes or more only, so the entropy-coded pixels of an 8 MB photo match
 * by chance about once in a million files (XMP metadata, which phones write,
 * uses none of them).
 */
const ACTIVE_CONTENT =
  /<script|<iframe|<object|<embed|<!doctype html|<html[\s>]|<body[\s>]|javascript:|vbscript:|\bon(?:load|error|mouseover|click)\s*=/i;
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Refuses polyglots: an image that is also an HTML page or a script. The
 * stored files are always re-encoded WebP, so such bytes are never served as
 * uploaded; refusing them as well keeps hostile files out of every path
 * (document store, logs, backups) and tells the uploader plainly.
 * - markup or script anywhere in the bytes (comments, metadata, trailing data);
 * - bytes after the end of a PNG (IEND) or a GIF (trailer), where polyglots put
 *   their second format. JPEG trailers are left alone: phones append motion-photo
 *   videos after the image, and the markup scan covers a JPEG's trailer.
 */
export function assertNoActiveContent(bytes: Buffer): void {
  if (ACTIVE_CONTENT.test(bytes.toString('latin1'))) throw unsupportedType();
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === '\x89PNG\r\n' && !bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END))
    throw unsupportedType();
  if ((head === 'GIF89a' || head === 'GIF87a') && bytes[bytes.length - 1] !== 0x3b) throw unsupportedType();
}

/**
 * Browsers send a file's base name only; a name with a path in it, or control
 * characters, was written by hand to reach somewhere else. Names are never used
 * for storage (files are named by content hash), but such a request is refused.
 */
export function assertSafeFileName(name: string | undefined): void {
  if (name === undefined) return;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\x00-\x1f\x7f]/.test(name) || name.split('.').every((s) => s === '') || name.startsWith('..')) {
    throw badRequest(msg.uploadFileNameInvalid, undefined, 'FILE_NAME_INVALID');
  }
}
