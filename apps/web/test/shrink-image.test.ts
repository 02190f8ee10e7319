import { describe, expect, it } from 'vitest';
import { fitWithin, renamed, shrinkImage } from '../src/lib/shrink-image.ts';

describe('photos resized before upload (decision 0149)', () => {
  it('fits the long side, keeps the proportions, never enlarges', () => {
    expect(fitWithin(4032, 3024, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600 });
  });

  it('renames the file after its new format', () => {
    expect(renamed('IMG_2041.HEIC', 'webp')).toBe('IMG_2041.webp');
    expect(renamed('foto.de.playa.jpg', 'jpg')).toBe('foto.de.playa.jpg');
    expect(renamed('.jpg', 'webp')).toBe('foto.webp');
  });

  it('leaves videos and files the browser cannot decode as they are', async () => {
    const video = new File([new Uint8Array(10)], 'clip.mp4', { type: 'video/mp4' });
    expect(await shrinkImage(video)).toBe(video);
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' });
    expect(await shrinkImage(gif)).toBe(gif);
  });
});
