import { describe, expect, it } from 'vitest';
import { comunaNamedBy, comunas, findComuna, regions, zones } from '../src/geo.ts';
import { citySegment, slugify } from '../src/text.ts';
import landing from '../src/data/city-landing-pages.json' with { type: 'json' };

describe('Chile geography', () => {
  it('has 16 regions and 346 comunas in three zones', () => {
    expect(zones.map((z) => z.id)).toEqual(['norte', 'central', 'sur']);
    expect(regions).toHaveLength(16);
    expect(comunas).toHaveLength(346);
  });
  it('finds comunas ignoring accents, case and hyphens', () => {
    expect(findComuna('Nunoa')?.name).toBe('Ñuñoa');
    expect(findComuna('vina-del-mar')?.name).toBe('Viña del Mar');
    expect(findComuna('San Jose de Maipo')?.name).toBe('San José de Maipo');
    expect(findComuna('Gotham')).toBeUndefined();
  });
  it('makes slugs and URL segments', () => {
    expect(slugify('Ñuñoa')).toBe('nunoa');
    expect(slugify('Los Ángeles')).toBe('los-angeles');
    expect(citySegment('Viña del Mar')).toBe('Vina-del-Mar');
  });
  it('maps every city landing page to a comuna', () => {
    expect(landing).toHaveLength(56);
    for (const page of landing as { city: string; comuna?: string }[]) {
      expect(findComuna(page.comuna ?? page.city), page.city).toBeDefined();
    }
  });
});

describe('comunaNamedBy (decision 0196)', () => {
  it('names the one comuna whose name has the word whole, and none for a word of several or of none', () => {
    expect(comunaNamedBy('providencia')).toBe('providencia');
    expect(comunaNamedBy('barbara')).toBe('santa-barbara');
    expect(comunaNamedBy('nunoa')).toBe('nunoa');
    expect(comunaNamedBy('san')).toBeUndefined();
    expect(comunaNamedBy('provi')).toBeUndefined();
    expect(comunaNamedBy('valeria')).toBeUndefined();
  });
});
