/** Lowercase, accents stripped, spaces collapsed: the key used to compare names. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** 'Ñuñoa' -> 'nunoa', 'Viña del Mar' -> 'vina-del-mar'. */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/[ -]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** URL segment for a city in /Escort/{city}: accents stripped, spaces as hyphens, case kept. */
export function citySegment(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}
