import { describe, expect, it } from 'vitest';
import { filterParams, filtersFromQuery, profileCount } from '../src/search-params.ts';

describe('profileCount', () => {
  it('says the exact count, or "más de" the cap when the count stopped there', () => {
    expect(profileCount(1, true)).toBe('1 perfil');
    expect(profileCount(2345, true)).toBe('2.345 perfiles');
    expect(profileCount(10_000, false)).toBe('más de 10.000 perfiles');
    expect(profileCount(1, true, 'perfil verificado', 'perfiles verificados')).toBe('1 perfil verificado');
  });
});

describe('fotos_verificadas in the listing URL', () => {
  it('round-trips true and drops anything else', () => {
    const f = filtersFromQuery(new URLSearchParams('fotos_verificadas=true&disponible=true'));
    expect(filterParams(f)).toEqual([
      ['disponible', 'true'],
      ['fotos_verificadas', 'true'],
    ]);
    expect(filtersFromQuery(new URLSearchParams('fotos_verificadas=si')).fotos_verificadas).toBeUndefined();
  });
});
