import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGeoNames } from '../scripts/generate-geo-names.ts';
import { findPickerComuna, pickerZones } from '../src/geo-picker.ts';
import { comunas } from '../src/geo.ts';

describe('compact geography for the picker', () => {
  it('is up to date with data/chile-geo.json', () => {
    const current = fs.readFileSync(new URL('../src/geo-names.ts', import.meta.url), 'utf8');
    expect(current).toBe(renderGeoNames());
  });
  it('lists every comuna once, in three zones', () => {
    expect(pickerZones.map((z) => z.id)).toEqual(['norte', 'central', 'sur']);
    expect(pickerZones.flatMap((z) => z.regions.flatMap((r) => r.comunas))).toHaveLength(comunas.length);
  });
  it('finds a comuna from its URL segment', () => {
    expect(findPickerComuna('Vina-del-Mar')).toEqual({
      zone: 'central',
      region: 'Valparaíso',
      comuna: 'Viña del Mar',
    });
    expect(findPickerComuna('nunoa')?.comuna).toBe('Ñuñoa');
    expect(findPickerComuna('La-Serena')?.region).toBe('Coquimbo');
    expect(findPickerComuna('Gotham')).toBeUndefined();
  });
});
