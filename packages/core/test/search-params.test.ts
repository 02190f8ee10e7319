import { describe, expect, it } from 'vitest';
import {
  filterParams,
  filtersFromQuery,
  listingApiPath,
  pageFromQuery,
  profileCount,
} from '../src/search-params.ts';

describe('profileCount', () => {
  it('says the exact count, or "más de" the cap when the count stopped there', () => {
    expect(profileCount(1, true)).toBe('1 perfil');
    expect(profileCount(2345, true)).toBe('2.345 perfiles');
    expect(profileCount(10_000, false)).toBe('más de 10.000 perfiles');
    expect(profileCount(1, true, 'perfil verificado', 'perfiles verificados')).toBe('1 perfil verificado');
  });
});

describe('fotos_verificadas in the listing URL', () => {
  it("round-trips true and drops anything else, and an old link's retired disponible", () => {
    const f = filtersFromQuery(new URLSearchParams('fotos_verificadas=true&disponible=true'));
    expect(filterParams(f)).toEqual([['fotos_verificadas', 'true']]);
    expect(filtersFromQuery(new URLSearchParams('fotos_verificadas=si')).fotos_verificadas).toBeUndefined();
  });
});

describe('a listing page in the URL', () => {
  const page = (q: string) => pageFromQuery(new URLSearchParams(q));
  it("takes the number and cursor of the pages' own links, and a number typed alone up to 100", () => {
    expect(page('')).toEqual({ pagina: 1, cursor: undefined });
    expect(page('pagina=3&cursor=abc')).toEqual({ pagina: 3, cursor: 'abc' });
    expect(page('pagina=3')).toEqual({ pagina: 3, cursor: undefined });
    expect(page('pagina=20')).toEqual({ pagina: 20, cursor: undefined });
    expect(page('pagina=21')).toEqual({ pagina: 1, cursor: undefined });
    expect(page('pagina=250&cursor=abc')).toEqual({ pagina: 250, cursor: 'abc' });
    for (const bad of ['pagina=0', 'pagina=-2', 'pagina=2.5', 'pagina=dos', 'pagina=1&cursor=abc'])
      expect(page(bad), bad).toEqual({ pagina: 1, cursor: undefined });
  });

  it('asks the API for the cursor when there is one, else for the page number', () => {
    expect(listingApiPath({ comuna: 'santiago' }, {})).toBe('/escorts?comuna=santiago&limite=24');
    expect(listingApiPath({}, { genero: 'Femenino' }, undefined, 3)).toBe(
      '/escorts?genero=Femenino&limite=24&pagina=3',
    );
    expect(listingApiPath({}, {}, 'abc', 3)).toBe('/escorts?limite=24&cursor=abc');
  });
});
