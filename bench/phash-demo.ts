/**
 * Measures the perceptual hash on the demo photos: the distance between every
 * pair of different demo illustrations (false matches at each threshold) and
 * between each photo and a re-encoded, resized copy (true matches).
 * Run: node bench/phash-demo.ts
 */
import sharp from 'sharp';
import { buildDemoPlan } from '../apps/api/src/demo/plan.ts';
import { illustrationSvg } from '../apps/api/src/demo/illustration.ts';
import { hammingDistance, perceptualHash } from '../apps/api/src/infra/media/perceptual-hash.ts';

const plan = buildDemoPlan(new Date('2026-11-25T12:00:00Z')).filter((p) => p.escort?.illustrated);
const hashes: bigint[] = [];
const copies: number[] = [];
for (const [i, p] of plan.entries()) {
  const svg = illustrationSvg(p.nickname, {
    figure: p.genero === 'Masculino' ? 'masculino' : 'femenino',
    palette: i,
  });
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const webp = await sharp(png).resize({ width: 640 }).webp({ quality: 80 }).toBuffer();
  const h = await perceptualHash(sharp(webp));
  // A copy someone saved from the site and re-uploaded: 320 px JPEG at quality 60.
  const copy = await sharp(webp).resize({ width: 320 }).jpeg({ quality: 60 }).toBuffer();
  copies.push(hammingDistance(h, await perceptualHash(sharp(copy))));
  hashes.push(h);
}
const pairs: number[] = [];
for (let i = 0; i < hashes.length; i++)
  for (let j = i + 1; j < hashes.length; j++) pairs.push(hammingDistance(hashes[i]!, hashes[j]!));
pairs.sort((a, b) => a - b);
console.log(`${plan.length} demo photos, ${pairs.length} pairs of different photos`);
console.log(
  `copies: max distance ${Math.max(...copies)}, mean ${(copies.reduce((a, b) => a + b, 0) / copies.length).toFixed(2)}`,
);
console.log(
  `different photos: min distance ${pairs[0]}, 1st percentile ${pairs[Math.floor(pairs.length / 100)]}`,
);
for (const t of [4, 6, 8, 10, 12]) {
  const n = pairs.filter((d) => d <= t).length;
  console.log(
    `threshold ${t}: ${n} false matches (${((100 * n) / pairs.length).toFixed(3)} %), copies found ${copies.filter((d) => d <= t).length}/${copies.length}`,
  );
}
