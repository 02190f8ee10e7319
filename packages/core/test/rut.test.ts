import { describe, expect, it } from 'vitest';
import { formatRut, isValidRut, normalizeRut, rutCheckDigit } from '../src/rut.ts';

describe('RUT helpers', () => {
  it('computes the módulo 11 check digit', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('7654321')).toBe('6');
  });
  it('validates and formats', () => {
    expect(isValidRut('12.345.678-5')).toBe(true);
    expect(isValidRut('12345678-5')).toBe(true);
    expect(isValidRut('12.345.678-4')).toBe(false);
    expect(isValidRut('abc')).toBe(false);
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
    expect(normalizeRut(' 12.345.678-k ')).toBe('12345678K');
  });
});
