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

/** Each word of the comunas' keys (cityKey: accent-free, lower case), with the keys that have it. */
const comunaKeysByWord = new Map<string, string[]>();
for (const c of comunas) {
  const key = cityKey(c.name);
  for (const word of new Set(key.split('-')))
    comunaKeysByWord.set(word, [...(comunaKeysByWord.get(word) ?? []), key]);
}

/**
 * The key of the one comuna whose name has `word` (lower case, accent-free) as a whole word:
 * "providencia" names Providencia, "barbara" Santa Bárbara; undefined for a word of several comunas
 * ("san") or of none. The text search reads such a comuna's own listing first (decision 0196).
 */
export function comunaNamedBy(word: string): string | undefined {
  const keys = comunaKeysByWord.get(word);
  return keys?.length === 1 ? keys[0] : undefined;
}
