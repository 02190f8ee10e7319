import { describe, expect, it } from 'vitest';
import {
  citySchema,
  clientUpdateSchema,
  defaultAvatarFor,
  escortUpdateSchema,
  escortUrlSchema,
  estadoSchema,
  formatMedidas,
  isDefaultAvatar,
  isOwnImagePath,
  legendaCount,
} from '../src/profiles.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('medidas typed as digits, shown NN/NN/NN', () => {
  it.each([
    ['9', '9'],
    ['90', '90'],
    ['906', '90/6'],
    ['9060', '90/60'],
    ['906090', '90/60/90'],
    ['90609012', '90/60/90'],
    ['90a/60-b90', '90/60/90'],
    ['', ''],
  ])('%s -> %s', (typed, shown) => {
    expect(formatMedidas(typed)).toBe(shown);
    expect(formatMedidas(typed).length).toBeLessThanOrEqual(8);
  });
});

describe('escort data form rules', () => {
  const base = {
    rut_usuario: '12.345.678-5',
    apellido: 'Valentina',
    fono: '912345678',
    url: 'https://x.cl/a.jpg',
    medidas: '90/60/90',
    legenda: '',
  };

  it('accepts a complete form, empty medidas and a 1000-character legenda', () => {
    expect(escortUpdateSchema.safeParse(base).success).toBe(true);
    expect(escortUpdateSchema.safeParse({ ...base, medidas: '' }).success).toBe(true);
    expect(escortUpdateSchema.safeParse({ ...base, legenda: 'ñ'.repeat(1000) }).success).toBe(true);
  });

  it.each([
    [{ medidas: '906090' }, 'Las medidas deben tener el formato NN/NN/NN.'],
    [{ legenda: 'a'.repeat(1001) }, 'La leyenda puede tener como máximo 1000 caracteres.'],
    [{ url: '' }, 'Debes seleccionar una imagen de perfil.'],
    [{ url: 'javascript:alert(1)' }, 'La URL de la imagen debe comenzar con http:// o https://.'],
    [{ url: '/media/../../etc/passwd' }, 'La URL de la imagen debe comenzar con http:// o https://.'],
    [{ fono: '9123' }, 'El número de contacto debe tener exactamente 9 dígitos.'],
    [{ fono: '' }, 'El número de teléfono es obligatorio y no puede estar vacío.'],
    [{ apellido: 'A' }, 'El nombre para mostrar debe tener entre 2 y 40 caracteres.'],
  ])('%o -> %s', (over, message) => {
    expect(firstMessage(escortUpdateSchema.safeParse({ ...base, ...over }))).toBe(message);
  });

  it('own image paths are a stored photo or a default avatar, nothing else', () => {
    expect(isOwnImagePath('/media/ab/abcdef-640.webp')).toBe(true);
    expect(isOwnImagePath('/assets/avatars/femenino.svg')).toBe(true);
    expect(isOwnImagePath('/assets/app.js')).toBe(false);
    expect(isOwnImagePath('/media/../secret')).toBe(false);
    expect(isOwnImagePath('//evil.example/x.png')).toBe(false);
  });
});

describe('other profile calls', () => {
  it('modificar-url needs a url, only http(s)', () => {
    expect(firstMessage(escortUrlSchema.safeParse({ nickname: 'vale', url: '' }))).toBe(
      'Debes ingresar una URL de imagen.',
    );
    expect(firstMessage(escortUrlSchema.safeParse({ nickname: 'vale', url: 'ftp://x.cl/a' }))).toBe(
      'La URL de la imagen debe comenzar con http:// o https://.',
    );
    expect(escortUrlSchema.safeParse({ nickname: 'vale', url: 'HTTPS://X.CL/A.PNG' }).success).toBe(true);
  });

  it('estado is disponible or inactiva only', () => {
    expect(estadoSchema.safeParse({ estado: 'inactiva' }).success).toBe(true);
    expect(firstMessage(estadoSchema.safeParse({ estado: 'pausada' }))).toBe('No se pudo cambiar el estado');
  });

  it('ciudad is a comuna of the catalogue, accents optional', () => {
    expect(citySchema.safeParse({ ciudad: 'Ñuñoa' }).success).toBe(true);
    expect(citySchema.safeParse({ ciudad: 'nunoa' }).success).toBe(true);
    expect(citySchema.safeParse({ ciudad: 'San Jose de Maipo' }).success).toBe(true);
    expect(firstMessage(citySchema.safeParse({ ciudad: '' }))).toBe(
      'Debes seleccionar una ciudad para actualizar.',
    );
    expect(firstMessage(citySchema.safeParse({ ciudad: 'Springfield' }))).toBe(
      'Debes seleccionar una ciudad para actualizar.',
    );
  });

  it('client form: phone of 9 digits and an image url', () => {
    const ok = { rut_cliente: '12345678-5', fono: '912345678', url: '/assets/avatars/masculino.svg' };
    expect(clientUpdateSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(clientUpdateSchema.safeParse({ ...ok, fono: '91 234 567' }))).toBe(
      'El teléfono debe contener solo 9 dígitos y no debe contener espacios.',
    );
  });

  it('default avatars per gender and the legenda counter', () => {
    expect(defaultAvatarFor('Masculino')).toBe('/assets/avatars/masculino.svg');
    expect(defaultAvatarFor('Transexual')).toBe('/assets/avatars/transexual.svg');
    expect(defaultAvatarFor('otro')).toBe('/assets/avatars/femenino.svg');
    expect(isDefaultAvatar('/assets/avatars/femenino.svg')).toBe(true);
    expect(isDefaultAvatar('https://x.cl/a.png')).toBe(false);
    expect(legendaCount('')).toBe('0/1000');
    expect(legendaCount('hola')).toBe('4/1000');
  });
});
