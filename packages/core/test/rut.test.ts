import { describe, expect, it } from 'vitest';
import { formatRut, isValidClientId, isValidRut, normalizeRut, rutCheckDigit } from '../src/rut.ts';

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

describe('isValidClientId', () => {
  it('reads a value written like a RUT as a RUT, check digit included', () => {
    expect(isValidClientId('12.345.678-5')).toBe(true);
    expect(isValidClientId('123456785')).toBe(true);
    expect(isValidClientId('10.000.013-k')).toBe(true);
    expect(isValidClientId('12345678-9')).toBe(false);
    expect(isValidClientId('11111111-2')).toBe(false);
  });
  it('takes anything else as a passport number: letters and digits, at least one digit', () => {
    expect(isValidClientId('AB1234567')).toBe(true);
    expect(isValidClientId('X12345678')).toBe(true);
    expect(isValidClientId('1234567890')).toBe(true);
    expect(isValidClientId('estefania')).toBe(false);
    expect(isValidClientId('<svg/onload=alert()>')).toBe(false);
    expect(isValidClientId('AB-1234567')).toBe(false);
  });
});
