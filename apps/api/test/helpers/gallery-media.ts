import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** An ISO-BMFF box: 32-bit size, 4-character type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A movie header (mvhd, version 0): 1 s at timescale 1000, identity matrix. */
function mvhd(): Buffer {
  const b = Buffer.alloc(100);
  b.writeUInt32BE(0, 0); // version + flags
  b.writeUInt32BE(0, 4); // creation time
  b.writeUInt32BE(0, 8); // modification time
  b.writeUInt32BE(1000, 12); // timescale
  b.writeUInt32BE(1000, 16); // duration
  b.writeUInt32BE(0x00010000, 20); // rate 1.0
  b.writeUInt16BE(0x0100, 24); // volume 1.0
  const matrix = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];
  matrix.forEach((v, i) => b.writeUInt32BE(v, 36 + i * 4));
  b.writeUInt32BE(2, 96); // next track id
  return box('mvhd', b);
}

/**
 * A minimal, structurally valid mp4: ftyp (isom) + moov(mvhd) + mdat. `padding`
 * sizes the mdat so tests can make files of a given size; random bytes make
 * each file's content hash unique.
 */
export function tinyMp4(padding = 64): Buffer {
  const ftypPayload = Buffer.alloc(16);
  ftypPayload.write('isom', 0, 'latin1');
  ftypPayload.writeUInt32BE(512, 4);
  ftypPayload.write('isomiso2mp41', 8, 'latin1');
  return Buffer.concat([
    box('ftyp', ftypPayload.subarray(0, 16)),
    box('moov', mvhd()),
    box('mdat', randomBytes(padding)),
  ]);
}

/** Starts like an mp4 but carries HTML after the header: must be refused. */
export function forgedMp4(): Buffer {
  const mp4 = tinyMp4(0);
  return Buffer.concat([mp4.subarray(0, 24), Buffer.from('<html><script>alert(1)</script></html>')]);
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
