import type { Sharp } from 'sharp';

/**
 * A 64-bit perceptual hash (DCT "pHash") of a decoded picture: greyscale,
 * 32x32, the 8x8 lowest frequencies of its 2-D DCT, each bit saying whether
 * that coefficient is above their median. Re-encoding, resizing, stripping
 * metadata or mild colour changes leave it (nearly) unchanged, so two uploads
 * of one photo land within a few bits of each other (decision 0083).
 *
 * Returned as a signed 64-bit integer (PostgreSQL bigint), so the database can
 * XOR two hashes and count the differing bits.
 */
export async function perceptualHash(image: Sharp): Promise<bigint> {
  const { data } = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Float64Array(SIZE * SIZE);
  for (let i = 0; i < pixels.length; i++) pixels[i] = data[i]!;
  const coeffs = lowFrequencies(pixels);
  // The DC term says only how bright the picture is; the median over the rest is what the bits compare to.
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[Math.floor((coeffs.length - 1) / 2)]!;
  let hash = 0n;
  for (let i = 0; i < HASH_SIDE * HASH_SIDE; i++) hash = (hash << 1n) | (coeffs[i]! > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** Number of differing bits between two hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

const SIZE = 32;
const HASH_SIDE = 8;
const cosines = (() => {
  const table = new Float64Array(HASH_SIDE * SIZE);
  for (let u = 0; u < HASH_SIDE; u++)
    for (let x = 0; x < SIZE; x++) table[u * SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE));
  return table;
})();

/** The 8x8 top-left block of the 2-D DCT-II of a 32x32 picture (row-major, u then v). */
function lowFrequencies(pixels: Float64Array): Float64Array {
  const rows = new Float64Array(SIZE * HASH_SIDE); // DCT along x for each row y: rows[y*8+u]
  for (let y = 0; y < SIZE; y++)
    for (let u = 0; u < HASH_SIDE; u++) {
      let s = 0;
      for (let x = 0; x < SIZE; x++) s += pixels[y * SIZE + x]! * cosines[u * SIZE + x]!;
      rows[y * HASH_SIDE + u] = s;
    }
  const out = new Float64Array(HASH_SIDE * HASH_SIDE);
  for (let v = 0; v < HASH_SIDE; v++)
    for (let u = 0; u < HASH_SIDE; u++) {
      let s = 0;
      for (let y = 0; y < SIZE; y++) s += rows[y * HASH_SIDE + u]! * cosines[v * SIZE + y]!;
      out[v * HASH_SIDE + u] = s;
    }
  return out;
}
