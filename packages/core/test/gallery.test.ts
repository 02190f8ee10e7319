import { describe, expect, it } from 'vitest';
import { checkGalleryFile, rentalInputSchema } from '../src/gallery.ts';

const MB = 1024 * 1024;

describe('checkGalleryFile (the uploader’s client-side checks)', () => {
  it('accepts images and mp4 up to 2 MB while under 15 items', () => {
    expect(checkGalleryFile({ name: 'a.jpg', type: 'image/jpeg', size: 2 * MB }, 14)).toEqual({ ok: true });
    expect(checkGalleryFile({ name: 'b.mp4', type: 'video/mp4', size: 1000 }, 0)).toEqual({ ok: true });
    expect(checkGalleryFile({ name: 'c.webp', type: 'image/webp', size: 1 }, 0)).toEqual({ ok: true });
  });

  it('names the file when its type is not allowed', () => {
    expect(checkGalleryFile({ name: 'clip.mov', type: 'video/quicktime', size: 10 }, 0)).toEqual({
      ok: false,
      mensaje: 'Tipo de archivo no permitido: clip.mov',
    });
    expect(checkGalleryFile({ name: 'doc.pdf', type: 'application/pdf', size: 10 }, 0)).toEqual({
      ok: false,
      mensaje: 'Tipo de archivo no permitido: doc.pdf',
    });
  });

  it('names the file when it is over 2 MB', () => {
    expect(checkGalleryFile({ name: 'grande.jpg', type: 'image/jpeg', size: 2 * MB + 1 }, 0)).toEqual({
      ok: false,
      mensaje: 'El archivo "grande.jpg" supera el límite de 2 MB.',
    });
  });

  it('stops at 15 items', () => {
    expect(checkGalleryFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 }, 15)).toEqual({
      ok: false,
      mensaje: 'Límite de 15 imágenes alcanzado',
    });
  });
});

describe('rentalInputSchema', () => {
  it('needs a catalogue city, an address and an https map URL', () => {
    expect(
      rentalInputSchema.safeParse({
        ciudad: 'Temuco',
        direccion: 'Calle 1',
        url: 'https://maps.example.com/a',
      }).success,
    ).toBe(true);
    expect(
      rentalInputSchema.safeParse({
        ciudad: 'Gotham',
        direccion: 'Calle 1',
        url: 'https://maps.example.com/a',
      }).success,
    ).toBe(false);
    expect(
      rentalInputSchema.safeParse({ ciudad: 'Temuco', direccion: 'Calle 1', url: 'javascript:alert(1)' })
        .success,
    ).toBe(false);
  });
});
