import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hammingDistance, perceptualHash } from '../../src/infra/media/perceptual-hash.ts';

/** A picture with its structure in brightness, like a photo: a gradient, a face-like disc, a band. */
const picture = (shade: number, x: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(${shade},${shade},${shade})"/><stop offset="1" stop-color="#111"/></linearGradient></defs><rect width="800" height="1000" fill="url(#g)"/><circle cx="${x}" cy="380" r="170" fill="#eee"/><rect x="100" y="700" width="600" height="120" fill="#444"/></svg>`,
    ),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

describe('perceptual hash', () => {
  it('counts differing bits over all 64, sign included', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(5n, 4n)).toBe(1);
  });

  it('a resized, re-encoded copy stays within 4 bits; another picture does not', async () => {
    const original = await picture(230, 400);
    const h = await perceptualHash(sharp(original));
    const copies = [
      await sharp(original).resize({ width: 320 }).jpeg({ quality: 55 }).toBuffer(),
      await sharp(original).resize({ width: 1200 }).webp({ quality: 60 }).toBuffer(),
      await sharp(original).png().toBuffer(),
    ];
    for (const copy of copies)
      expect(hammingDistance(h, await perceptualHash(sharp(copy)))).toBeLessThanOrEqual(4);
    const other = await perceptualHash(sharp(await picture(120, 250)));
    expect(hammingDistance(h, other)).toBeGreaterThan(4);
  });
});
