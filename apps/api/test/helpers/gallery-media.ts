import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { box, buildMp4, ftyp } from './mp4-build.ts';

/**
 * A small, structurally valid mp4: ftyp (isom) + moov (one video track) + mdat
 * holding `padding` random bytes as the track's samples (so each file's
 * content hash is unique). Not decodable video: the server never decodes.
 */
export function tinyMp4(padding = 64): Buffer {
  const data = randomBytes(padding);
  const per = Math.max(1, Math.ceil(padding / 16));
  const samples: Buffer[] = [];
  for (let at = 0; at < padding; at += per) samples.push(data.subarray(at, at + per));
  return buildMp4({ tracks: [{ handler: 'vide', samples, samplesPerChunk: 4 }], moovFirst: true });
}

/** Starts like an mp4 but carries HTML after the header: must be refused. */
export function forgedMp4(): Buffer {
  return Buffer.concat([ftyp(), Buffer.from('<html><script>alert(1)</script></html>')]);
}

/**
 * The assessment's file: ftyp + moov (a video track without samples) + a free
 * box holding a page with a script. Every box is well formed, so only looking
 * inside the boxes refuses it.
 */
export function scriptInMp4(): Buffer {
  const page = Buffer.from(
    '<!doctype html><html><body><script>alert(document.domain)</script></body></html>',
  );
  const mp4 = tinyMp4(0);
  const ftypSize = mp4.readUInt32BE(0);
  const moovEnd = ftypSize + mp4.readUInt32BE(ftypSize);
  return Buffer.concat([mp4.subarray(0, moovEnd), box('free', page)]);
}

/** A small JPEG of random pixels (unique bytes each call) carrying EXIF metadata. */
export async function noiseJpeg(width = 64, height = 64): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-leak' } })
    .toBuffer();
}

/** A PNG of random pixels; big ones are large files. */
export function noisePng(width = 64, height = 64): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----encanto${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
