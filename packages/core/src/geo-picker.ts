import type { ZoneId } from './geo.ts';
import { geoNames } from './geo-names.ts';
import { foldText, slugify } from './text.ts';

/**
 * The zone > region > comuna picker's catalogue, built from the generated
 * names-only module so browser bundles never include the full geography JSON.
 */
export interface PickerRegion {
  name: string;
  comunas: string[];
}
export interface PickerZone {
  id: ZoneId;
  regions: PickerRegion[];
}

export const pickerZones: PickerZone[] = geoNames.map(([id, regions]) => ({
  id,
  regions: regions.map(([name, comunas]) => ({ name, comunas: comunas.split('|') })),
}));

export const pickerZoneLabels: Record<ZoneId, string> = {
  norte: 'Zona Norte',
  central: 'Central',
  sur: 'Sur',
};

/** The {zona} word in 'Elige una región de la zona {zona}' (the spec's 'del {zona}' read 'del Central'). */
export const pickerZoneWords: Record<ZoneId, string> = { norte: 'Norte', central: 'Central', sur: 'Sur' };

export interface PickerMatch {
  zone: ZoneId;
  region: string;
  comuna: string;
}

let index: Map<string, PickerMatch> | undefined;

/** Finds a comuna by name or /Escort/{segment}, ignoring accents, case and hyphens. */
export function findPickerComuna(nameOrSegment: string): PickerMatch | undefined {
  if (!index) {
    index = new Map();
    for (const z of pickerZones)
      for (const r of z.regions)
        for (const c of r.comunas) index.set(foldText(c), { zone: z.id, region: r.name, comuna: c });
  }
  return index.get(foldText(nameOrSegment.replace(/-/g, ' ')));
}

export interface PickerRegionMatch {
  zone: ZoneId;
  name: string;
  /** The search's region slug, as in /Escort/region/{slug}. */
  slug: string;
}

/** A region by its slug ('metropolitana-de-santiago'), for /Escort/region/{slug}; undefined when unknown. */
export function findPickerRegion(slug: string): PickerRegionMatch | undefined {
  const wanted = slug.toLowerCase();
  for (const z of pickerZones)
    for (const r of z.regions)
      if (slugify(r.name) === wanted) return { zone: z.id, name: r.name, slug: wanted };
  return undefined;
}

/** The region slug of a region name: the search's `region` value. */
export const pickerRegionSlug = (name: string) => slugify(name);
