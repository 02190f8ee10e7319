/**
 * The search's words without zod or the geography data, so the listing pages
 * (in the visitor's bundle) build the same query strings the API validates.
 */
import { readPageFilters, writePageFilters, type PageFilters } from './search-filters.ts';

export const searchOrderValues = ['recientes', 'calificacion', 'comentarios'] as const;
export type SearchOrder = (typeof searchOrderValues)[number];

export const searchOrderLabels: Record<SearchOrder, string> = {
  recientes: 'Más recientes',
  calificacion: 'Mejor calificadas',
  comentarios: 'Más comentadas',
};

/** The order of a text search without a chosen one (decision 0163): its option has no value. */
export const relevanceOrderLabel = 'Más relevantes';

/** `totalCap`: the search counts at most this many matches; above it the page says "más de 10.000". */
export const searchLimits = {
  defaultLimit: 24,
  maxLimit: 60,
  totalCap: 10_000,
  /**
   * A text search (decision 0163) ranks its newest this many matches by relevance (20 pages of 24)
   * and counts up to it ("más de 480 resultados"), so a broad word costs the same as a rare one
   * (bench/RESULTS.md).
   */
  textWindow: 480,
  /**
   * A page typed by number (`?pagina=7`, no cursor) is found up to here, by the offset of its first row
   * (its cost grows with the page: bench/RESULTS.md); later pages by their links' cursors.
   */
  maxNumberedPage: 20,
} as const;

const thousands = new Intl.NumberFormat('es-CL');

/** "1 perfil", "2.345 perfiles", or "más de 10.000 perfiles" when the count stopped at the cap. */
export function profileCount(total: number, exact: boolean, noun = 'perfil', plural = 'perfiles'): string {
  if (!exact) return `más de ${thousands.format(total)} ${plural}`;
  return total === 1 ? `1 ${noun}` : `${thousands.format(total)} ${plural}`;
}

/** The filters a listing page keeps in its URL (the place is in the path), and the order. */
export type ListingFilters = PageFilters & { orden?: SearchOrder | undefined };

/**
 * Whether the order is the one a page gets without `orden`: relevance when there are words to
 * search (`q`), else the most recent (decision 0163). The default is left out of a page's URL.
 */
const isDefaultOrder = (orden: SearchOrder | undefined, filters: PageFilters) =>
  orden === undefined || (orden === 'recientes' && filters.q === undefined);

/** A page URL's filters and order, leniently (search-filters.ts readPageFilters); the default order is left out. */
export function filtersFromQuery(query: URLSearchParams): ListingFilters {
  const orden = query.get('orden') ?? '';
  const filters = readPageFilters(query);
  const known = (searchOrderValues as readonly string[]).includes(orden) ? (orden as SearchOrder) : undefined;
  return { ...filters, orden: isDefaultOrder(known, filters) ? undefined : known };
}

/** The filters, then the order, as query parameters in a fixed order, so one choice has one URL (and one cache entry). */
export function filterParams(filters: ListingFilters): [string, string][] {
  const out = writePageFilters(filters);
  if (filters.orden && !isDefaultOrder(filters.orden, filters)) out.push(['orden', filters.orden]);
  return out;
}

export const hasFilters = (filters: ListingFilters) => filterParams(filters).length > 0;

/** `?a=1&b=2` or '' from pairs. */
export function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** Where a listing looks: a comuna (by key), a landing city slug, a region slug, or all of Chile. */
export type ListingPlace =
  { comuna: string } | { ciudad: string } | { region: string } | Record<string, never>;

/**
 * The API path of one page of a listing: after `cursor` when the page has one, else page `pagina` by
 * number (absent on the first). The page's hook and the server's prefetch build it with this one
 * function, so the server-rendered data is found.
 */
export function listingApiPath(
  place: ListingPlace,
  filters: ListingFilters,
  cursor?: string,
  pagina = 1,
): string {
  const pairs: [string, string][] = [
    ...(Object.entries(place) as [string, string][]),
    ...filterParams(filters),
    ['limite', String(searchLimits.defaultLimit)],
  ];
  if (cursor) pairs.push(['cursor', cursor]);
  else if (pagina > 1) pairs.push(['pagina', String(pagina)]);
  return `/escorts${queryString(pairs)}`;
}

/**
 * The page number and API cursor a listing URL asks for. The pages' own links carry both
 * (`?pagina=3&cursor=…`); a number typed alone (`?pagina=3`) is found by number up to
 * `maxNumberedPage`; anything else is page 1.
 */
export function pageFromQuery(query: URLSearchParams): { pagina: number; cursor: string | undefined } {
  const cursor = query.get('cursor') || undefined;
  const n = Number(query.get('pagina'));
  if (!Number.isInteger(n) || n <= 1) return { pagina: 1, cursor: undefined };
  if (cursor && n < 100_000) return { pagina: n, cursor };
  return n <= searchLimits.maxNumberedPage
    ? { pagina: n, cursor: undefined }
    : { pagina: 1, cursor: undefined };
}
