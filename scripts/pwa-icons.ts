/**
 * Writes the installable app's icons (apps/web/public/assets/icons) from the favicon's heart, with sharp:
 * 192 and 512 px "any" icons (the rounded tile), a 512 px maskable one (full-bleed background, the heart
 * inside the 80 % safe zone, so launchers may crop it to any shape) and the 180 px apple-touch-icon.
 * The PNGs are committed (decision 0166); run `node scripts/pwa-icons.ts` after changing the artwork.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../apps/web/public/assets/icons/', import.meta.url));
const heart = 'M32 50S12 38 12 25a10 10 0 0 1 20-3 10 10 0 0 1 20 3c0 13-20 25-20 25Z';

/** The favicon's tile: rounded wine-red square, light heart. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#9f1239"/><path d="${heart}" fill="#fde2e7"/></svg>`;
/** Maskable: square background to the edges, the heart scaled into the central safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#9f1239"/><g transform="translate(32 33) scale(0.62) translate(-32 -33)"><path d="${heart}" fill="#fde2e7"/></g></svg>`;
/** iOS draws its own rounded corners and shows transparency as black: a full square. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#9f1239"/><g transform="translate(32 33) scale(0.8) translate(-32 -33)"><path d="${heart}" fill="#fde2e7"/></g></svg>`;

const icons: [string, string, number][] = [
  ['icon-192.png', tile, 192],
  ['icon-512.png', tile, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', apple, 180],
];

await fs.mkdir(out, { recursive: true });
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${size}x${size}`);
}
