import geoData from './data/chile-geo.json' with { type: 'json' };
import { foldText, slugify } from './text.ts';

export type ZoneId = 'norte' | 'central' | 'sur';
export interface Comuna {
  name: string;
  code: string;
  slug: string;
}
export interface Region {
  name: string;
  officialName: string;
  code: string;
  comunas: Comuna[];
}
export interface Zone {
  id: ZoneId;
  name: string;
  regions: Region[];
}

export const zones = geoData.zones as Zone[];

export const regions: Region[] = zones.flatMap((z) => z.regions);

export interface ComunaEntry extends Comuna {
  region: string;
  zone: ZoneId;
}

export const comunas: ComunaEntry[] = zones.flatMap((z) =>
  z.regions.flatMap((r) => r.comunas.map((c) => ({ ...c, region: r.name, zone: z.id }))),
);

const byKey = new Map(comunas.map((c) => [foldText(c.name), c]));
// The spec's picker also offers 'San Jose de Maipo' without the accent; the
// accent-insensitive key already maps it to the official 'San José de Maipo'.

/** Finds a comuna by name or URL segment, ignoring accents, case and hyphens. */
export function findComuna(nameOrSegment: string): ComunaEntry | undefined {
  const key = foldText(nameOrSegment.replace(/-/g, ' '));
  return byKey.get(key) ?? comunas.find((c) => c.slug === slugify(nameOrSegment));
}

/** The key stored beside a city to match it accent-insensitively with an index. */
export function cityKey(name: string): string {
  return slugify(name);
}
