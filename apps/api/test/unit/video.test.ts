import { describe, expect, it } from 'vitest';
import { hasMp4Signature, isMp4 } from '../../src/modules/media/video.ts';
import { forgedMp4, tinyMp4 } from '../helpers/gallery-media.ts';

function withBrand(bytes: Buffer, brand: string): Buffer {
  const copy = Buffer.from(bytes);
  copy.write(brand, 8, 'latin1');
  return copy;
}

describe('mp4 detection by the ftyp box', () => {
  it('accepts ftyp + moov + mdat with a known major brand', () => {
    const mp4 = tinyMp4();
    expect(hasMp4Signature(mp4)).toBe(true);
    expect(isMp4(mp4)).toBe(true);
    for (const brand of ['mp42', 'avc1', 'iso5', 'M4V ']) expect(isMp4(withBrand(mp4, brand))).toBe(true);
  });

  it('refuses unknown brands (QuickTime, 3GPP, HEIC, audio)', () => {
    for (const brand of ['qt  ', '3gp4', 'heic', 'M4A '])
      expect(isMp4(withBrand(tinyMp4(), brand))).toBe(false);
  });

  it('refuses files that only look like an mp4 at the start', () => {
    expect(isMp4(forgedMp4())).toBe(false);
    expect(isMp4(Buffer.concat([tinyMp4(8), Buffer.from('<html>')]))).toBe(false);
    expect(isMp4(Buffer.from('....ftypisom'))).toBe(false);
    expect(isMp4(Buffer.alloc(0))).toBe(false);
    // No moov box: not a playable movie.
    const noMoov = tinyMp4(8);
    const ftypSize = noMoov.readUInt32BE(0);
    const moovSize = noMoov.readUInt32BE(ftypSize);
    expect(isMp4(Buffer.concat([noMoov.subarray(0, ftypSize), noMoov.subarray(ftypSize + moovSize)]))).toBe(
      false,
    );
  });

  it('accepts a last box sized "to the end of file"', () => {
    const mp4 = tinyMp4(32);
    const ftypSize = mp4.readUInt32BE(0);
    const moovSize = mp4.readUInt32BE(ftypSize);
    const copy = Buffer.from(mp4);
    copy.writeUInt32BE(0, ftypSize + moovSize);
    expect(isMp4(copy)).toBe(true);
  });
});
