import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { illustrationSvg } from '../../src/demo/illustration.ts';
import { createRandom, hashSeed } from '../../src/demo/random.ts';

describe('demo illustrations', () => {
  it('are deterministic per seed and figure', () => {
    expect(illustrationSvg('camila', { figure: 'femenino' })).toBe(
      illustrationSvg('camila', { figure: 'femenino' }),
    );
    expect(illustrationSvg('matias', { figure: 'masculino' })).toBe(
      illustrationSvg('matias', { figure: 'masculino' }),
    );
  });

  it('vary between seeds', () => {
    const svgs = new Set(
      ['camila', 'javiera', 'martina', 'renata', 'alexa', 'dafne'].map((s) =>
        illustrationSvg(s, { figure: 'femenino' }),
      ),
    );
    expect(svgs.size).toBe(6);
    expect(illustrationSvg('camila', { figure: 'femenino' })).not.toBe(
      illustrationSvg('camila', { figure: 'masculino' }),
    );
  });

  it('take a palette index when the caller spreads palettes, still deterministically', () => {
    const a = illustrationSvg('camila', { figure: 'femenino', palette: 0 });
    expect(illustrationSvg('camila', { figure: 'femenino', palette: 0 })).toBe(a);
    expect(illustrationSvg('camila', { figure: 'femenino', palette: 1 })).not.toBe(a);
    // Indices wrap round the palette list.
    expect(illustrationSvg('camila', { figure: 'femenino', palette: 8 })).toBe(a);
  });

  it('are self-contained SVG: no external images, links or scripts', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const svg = illustrationSvg(seed, { figure: seed === 'd' ? 'masculino' : 'femenino' });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<image|<script|href=|NaN|undefined/);
    }
  });

  it('render to a 4:5 portrait with sharp', async () => {
    const meta = await sharp(
      Buffer.from(illustrationSvg('valentina', { figure: 'femenino', width: 400 })),
    ).metadata();
    expect(meta.format).toBe('svg');
    expect(meta.width).toBe(400);
    expect(meta.height).toBe(500);
    const { data } = await sharp(Buffer.from(illustrationSvg('valentina', { figure: 'femenino', width: 80 })))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A real picture, not a blank canvas: many distinct colours.
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4)
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(colours.size).toBeGreaterThan(200);
  });
});

describe('seeded random', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(hashSeed('x')).not.toBe(hashSeed('y'));
  });

  it('int stays within bounds, inclusive', () => {
    const r = createRandom(42);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(r.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
});
