/**
 * The search's words without zod or the geography data, so the listing pages
 * (in the visitor's bundle) build the same query strings the API validates.
 */
import { generoValues } from './constants.ts';
import {
  atiendeFilterValues,
  detailLimits,
  inCatalogueOrder,
  servicioValues,
  type AtiendeFilter,
  type Servicio,
} from './profile-details.ts';

export const searchOrderValues = ['recientes', 'calificacion', 'comentarios'] as const;
export type SearchOrder = (typeof searchOrderValues)[number];

export const searchOrderLabels: Record<SearchOrder, string> = {
  recientes: 'Más recientes',
  calificacion: 'Mejor calificadas',
  comentarios: 'Más comentadas',
};

/** `totalCap`: the search counts at most this many matches; above it the page says "más de 10.000". */
export const searchLimits = {
  minAge: 18,
  maxAge: 99,
  defaultLimit: 24,
  maxLimit: 60,
  totalCap: 10_000,
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

export const searchGeneroValues = generoValues;

/** The filters a listing page keeps in its URL (besides the place, which is in the path). */
export interface ListingFilters {
  genero?: string | undefined;
  edad_min?: number | undefined;
  edad_max?: number | undefined;
  disponible?: boolean | undefined;
  con_galeria?: boolean | undefined;
  fotos_verificadas?: boolean | undefined;
  /** Profile details (decision 0103): rate at most, services (all of them), where she receives. */
  tarifa_max?: number | undefined;
  servicio?: Servicio[] | undefined;
  atiende?: AtiendeFilter | undefined;
  orden?: SearchOrder | undefined;
}

/** The rate ceilings the filter bar offers (any other value in a URL still works). */
export const tarifaMaxChoices = [50_000, 80_000, 100_000, 150_000, 200_000, 300_000, 500_000] as const;

const tarifaIn = (v: string | null) => {
  if (v === null || !/^\d{1,7}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= detailLimits.tarifaMin && n <= detailLimits.tarifaMax ? n : undefined;
};

const intIn = (v: string | null, min: number, max: number) => {
  if (v === null || !/^\d{1,3}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
};

/**
 * A page URL's filters, leniently: a value the API would refuse is dropped, so
 * a hand-edited link still shows a list (the API route itself answers 400).
 */
export function filtersFromQuery(query: URLSearchParams): ListingFilters {
  const genero = query.get('genero') ?? '';
  const orden = query.get('orden') ?? '';
  const atiende = query.get('atiende') ?? '';
  const servicio = inCatalogueOrder(query.getAll('servicio'), servicioValues);
  return {
    genero: (generoValues as readonly string[]).includes(genero) ? genero : undefined,
    edad_min: intIn(query.get('edad_min'), searchLimits.minAge, searchLimits.maxAge),
    edad_max: intIn(query.get('edad_max'), searchLimits.minAge, searchLimits.maxAge),
    disponible: query.get('disponible') === 'true' || undefined,
    con_galeria: query.get('con_galeria') === 'true' || undefined,
    fotos_verificadas: query.get('fotos_verificadas') === 'true' || undefined,
    tarifa_max: tarifaIn(query.get('tarifa_max')),
    servicio: servicio.length ? servicio : undefined,
    atiende: (atiendeFilterValues as readonly string[]).includes(atiende)
      ? (atiende as AtiendeFilter)
      : undefined,
    orden:
      (searchOrderValues as readonly string[]).includes(orden) && orden !== 'recientes'
        ? (orden as SearchOrder)
        : undefined,
  };
}

/** The filters as query parameters, in a fixed order so one choice has one URL (and one cache entry). */
export function filterParams(filters: ListingFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.genero) out.push(['genero', filters.genero]);
  if (filters.edad_min !== undefined) out.push(['edad_min', String(filters.edad_min)]);
  if (filters.edad_max !== undefined) out.push(['edad_max', String(filters.edad_max)]);
  if (filters.disponible) out.push(['disponible', 'true']);
  if (filters.con_galeria) out.push(['con_galeria', 'true']);
  if (filters.fotos_verificadas) out.push(['fotos_verificadas', 'true']);
  if (filters.tarifa_max !== undefined) out.push(['tarifa_max', String(filters.tarifa_max)]);
  for (const s of inCatalogueOrder(filters.servicio ?? [], servicioValues)) out.push(['servicio', s]);
  if (filters.atiende) out.push(['atiende', filters.atiende]);
  if (filters.orden && filters.orden !== 'recientes') out.push(['orden', filters.orden]);
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
