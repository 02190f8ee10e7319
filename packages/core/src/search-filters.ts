/**
 * The filters of GET /api/escorts, each described once: its query name (the key), what a value must
 * be (`value`, with the Spanish refusal), and for the filters a page keeps in its query string, the
 * filter bar's control (`field`, `panel`). Built from it:
 * - the API's query schema (search.ts: escortSearchQuerySchema, zod from `value`);
 * - a page URL's filters, read leniently and written in one order (search-params.ts);
 * - the filter bar's fields (apps/web/src/features/directory/components/filter-fields.tsx);
 * - the count's cache key (filterKey below; the page's cache key is the whole parsed query);
 * - the SQL, through filterSql in apps/api/src/modules/directory/search-queries.ts, whose type wants
 *   one condition per filter here (and the place on a visit, for a place filter).
 *
 * A new filter touches: an entry here, its message in messages.ts (msg.search…), its condition in
 * filterSql, and an index or a migration when it needs one. Nothing else.
 *
 * Without zod or the geography on purpose: the listing pages read it in the visitor's bundle (the
 * front-end budget, e2e/budget.test.ts, refuses zod in their first view).
 */
import { generoValues } from './constants.ts';
import { msg } from './messages.ts';
import {
  atiendeFilterValues,
  atiendeLabels,
  detailLimits,
  formatClp,
  inCatalogueOrder,
  servicioLabels,
  servicioValues,
  type AtiendeFilter,
  type Servicio,
} from './profile-details.ts';

/** What a value must be, as text in a query string; search.ts builds the zod parser from it. */
export type FilterValue =
  /** One of `values`, exactly as written. */
  | { kind: 'choice'; values: readonly string[]; message: string }
  /** Any of `values`, repeatable (`?servicio=a&servicio=b`): all must be known; kept in catalogue order. */
  | { kind: 'list'; values: readonly string[]; message: string }
  /** A whole number of at most `digits` digits, from `min` to `max`. */
  | { kind: 'number'; digits: number; min: number; max: number; message: string }
  /** `true` or `false`; only true narrows the list. */
  | { kind: 'flag'; message: string }
  /**
   * Words typed by the visitor, `min` to `max` characters once spaces are collapsed, holding at
   * least one letter or digit (`words`, the refusal of "!!!"); searchWords below makes them the
   * query's words.
   */
  | { kind: 'text'; min: number; max: number; message: string; words: string }
  /**
   * A place by its slug, in a page's path rather than its query string. The geography that checks
   * it is too large for the visitor's bundle: search.ts checks it, and answers the key profiles are
   * stored under (escort_profiles.zona, region_key, city_key).
   */
  | { kind: 'place'; of: 'zone' | 'region' | 'comuna' | 'landing'; message: string };

/** How the filter bar asks for a value (the web renders it: filter-fields.tsx). */
export type FilterField =
  /** `any`: the empty option. A number's options are `suggested` and the value in the URL. */
  | {
      control: 'select';
      label: string;
      any: string;
      optionLabel?: (value: string) => string;
      suggested?: readonly number[];
    }
  /** Neighbouring range fields with one `legend` share a fieldset: "Edad [desde] a [hasta]". */
  | { control: 'range'; legend: string; label: string; placeholder: string }
  | { control: 'check'; label: string }
  /** A search box: the listing's text search (decision 0163). */
  | { control: 'search'; label: string; placeholder: string }
  | { control: 'chips'; legend: string; optionLabel: (value: string) => string };

export type FilterSpec =
  | { value: Extract<FilterValue, { kind: 'place' }> }
  /** `panel`: in the bar itself, or folded under "Más filtros" so the bar stays short on a phone. */
  | { value: Exclude<FilterValue, { kind: 'place' }>; field: FilterField; panel: 'main' | 'more' };

const age = { kind: 'number', digits: 2, min: 18, max: 99, message: msg.searchAge } as const;
const flag = { kind: 'flag', message: msg.searchFlag } as const;

/** In this order a page URL writes them, so one choice has one URL (and one cache entry). */
export const searchFilters = {
  zona: { value: { kind: 'place', of: 'zone', message: msg.searchZone } },
  region: { value: { kind: 'place', of: 'region', message: msg.searchRegion } },
  comuna: { value: { kind: 'place', of: 'comuna', message: msg.searchComuna } },
  /** A landing page's slug (/escorts/{slug}): the comuna it lists. */
  ciudad: { value: { kind: 'place', of: 'landing', message: msg.searchCity } },
  /** Text search (decision 0163): names, places, services, languages and "Sobre mí". */
  q: {
    value: { kind: 'text', min: 1, max: 60, message: msg.searchText, words: msg.searchTextWords },
    field: { control: 'search', label: 'Buscar', placeholder: 'Nombre, comuna, servicio…' },
    panel: 'main',
  },
  genero: {
    value: { kind: 'choice', values: generoValues, message: msg.searchGender },
    field: { control: 'select', label: 'Género', any: 'Todos' },
    panel: 'main',
  },
  edad_min: {
    value: age,
    field: { control: 'range', legend: 'Edad', label: 'Edad desde', placeholder: String(age.min) },
    panel: 'main',
  },
  edad_max: {
    value: age,
    field: { control: 'range', legend: 'Edad', label: 'Edad hasta', placeholder: String(age.max) },
    panel: 'main',
  },
  con_galeria: { value: flag, field: { control: 'check', label: 'Con galería' }, panel: 'main' },
  fotos_verificadas: { value: flag, field: { control: 'check', label: 'Fotos verificadas' }, panel: 'main' },
  /** Profile details (decision 0103): a rate at most, every ticked service, where she receives. */
  tarifa_max: {
    value: {
      kind: 'number',
      digits: 7,
      min: detailLimits.tarifaMin,
      max: detailLimits.tarifaMax,
      message: msg.searchTarifaMax,
    },
    field: {
      control: 'select',
      label: 'Tarifa máxima',
      any: 'Cualquiera',
      suggested: [50_000, 80_000, 100_000, 150_000, 200_000, 300_000, 500_000],
      optionLabel: (v) => `Hasta ${formatClp(Number(v))}`,
    },
    panel: 'more',
  },
  servicio: {
    value: { kind: 'list', values: servicioValues, message: msg.searchServicio },
    field: { control: 'chips', legend: 'Servicio', optionLabel: (v) => servicioLabels[v as Servicio] },
    panel: 'more',
  },
  atiende: {
    value: { kind: 'choice', values: atiendeFilterValues, message: msg.searchAtiende },
    field: {
      control: 'select',
      label: 'Atiende',
      any: 'Donde sea',
      optionLabel: (v) => atiendeLabels[v as AtiendeFilter],
    },
    panel: 'more',
  },
} as const satisfies Record<string, FilterSpec>;

type Specs = typeof searchFilters;
export type FilterName = keyof Specs;
export const filterNames = Object.keys(searchFilters) as FilterName[];

type ValueOf<V> = V extends { kind: 'choice'; values: readonly (infer T)[] }
  ? T
  : V extends { kind: 'list'; values: readonly (infer T)[] }
    ? T[]
    : V extends { kind: 'number' }
      ? number
      : V extends { kind: 'flag' }
        ? boolean
        : string;

/** A filter's value once checked: a place is the key profiles are stored under. */
export type FilterValueOf<K extends FilterName> = ValueOf<Specs[K]['value']>;
export type SearchFilters = { [K in FilterName]?: FilterValueOf<K> };

export type PlaceFilterName = {
  [K in FilterName]: Specs[K]['value'] extends { kind: 'place' } ? K : never;
}[FilterName];
/** The filters a page keeps in its query string, and the filter bar asks for. */
export type PageFilterName = Exclude<FilterName, PlaceFilterName>;
export type PageFilters = Pick<SearchFilters, PageFilterName>;

const isPlace = (name: FilterName): name is PlaceFilterName => searchFilters[name].value.kind === 'place';
export const placeFilterNames = filterNames.filter(isPlace);
export const pageFilterNames = filterNames.filter((n): n is PageFilterName => !isPlace(n));

export type PageFilterSpec = Extract<FilterSpec, { field: FilterField }>;
/** A page filter's description, for code that treats them alike (the URL, the bar). */
export const pageFilter = (name: PageFilterName): PageFilterSpec => searchFilters[name];

type PageFilterValue = Exclude<FilterValue, { kind: 'place' }>;
/** A number filter's text: at most `digits` decimal digits (no sign, no exponent), as the API takes it. */
export const digitsPattern = (digits: number) => new RegExp(`^\\d{1,${digits}}$`);

function readValue(value: PageFilterValue, name: string, query: URLSearchParams): unknown {
  const text = query.get(name);
  switch (value.kind) {
    case 'choice':
      return text !== null && value.values.includes(text) ? text : undefined;
    case 'list': {
      const known = inCatalogueOrder(query.getAll(name), value.values);
      return known.length ? known : undefined;
    }
    case 'number': {
      if (text === null || !digitsPattern(value.digits).test(text)) return undefined;
      const n = Number(text);
      return n >= value.min && n <= value.max ? n : undefined;
    }
    case 'flag':
      return text === 'true' || undefined;
    case 'text': {
      const typed = text === null ? '' : collapseSpaces(text);
      return typed.length >= value.min && typed.length <= value.max && searchWords(typed).length
        ? typed
        : undefined;
    }
  }
}

/** A typed text as the search keeps it: trimmed, its runs of spaces made one. */
export const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

/** At most this many words of a text search are looked up; the rest narrow nothing. */
export const maxSearchWords = 8;

/**
 * The words of a text search as the database's query takes them: lower case, accents dropped
 * ("Ñuñoa" is "nunoa", "Bárbara" "barbara"), split at anything but a letter or digit, so no quote,
 * operator or other character of tsquery's syntax reaches it. The documents are accent-free alike
 * (migration text-search, decision 0163).
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, maxSearchWords);
}

/**
 * A page URL's filters, leniently: a value the API would refuse is left out (of a list, the unknown
 * services only), so a hand-edited link still shows a list; the API route itself answers 400.
 */
export function readPageFilters(query: URLSearchParams): PageFilters {
  return Object.fromEntries(
    pageFilterNames.map((name) => [name, readValue(pageFilter(name).value, name, query)]),
  ) as PageFilters;
}

/** The filters as query parameters, in the descriptor's order; false flags and empty lists are left out. */
export function writePageFilters(filters: PageFilters): [string, string][] {
  return pageFilterNames.flatMap((name): [string, string][] => {
    const v: unknown = filters[name];
    if (v === undefined || v === false) return [];
    if (Array.isArray(v)) {
      const { value } = pageFilter(name);
      const values = value.kind === 'list' ? value.values : [];
      return inCatalogueOrder(v as string[], values).map((s) => [name, s]);
    }
    return [[name, String(v)]];
  });
}

/**
 * The count's cache key: every filter given, in the descriptor's order (neither the order of the
 * list nor its page changes the count). The caller adds what else the count depends on (the day).
 */
/**
 * Query parameters a listing no longer narrows by, still taken so old links keep working: `disponible`
 * ("Disponible ahora"), as every listed profile is available (decision 0153). The API checks the value
 * (search.ts) and drops it; a page's URL reader ignores it.
 */
export const retiredFilterNames = ['disponible'] as const;

export const filterKey = (filters: SearchFilters): string =>
  JSON.stringify(filterNames.flatMap((name) => (filters[name] === undefined ? [] : [[name, filters[name]]])));

/** One active filter as the listing names it (decision 0142): its words, and the filters without it. */
export interface FilterChip<F extends PageFilters = PageFilters> {
  /** Stable within a page: the filter's name, and the value for a list's entries. */
  key: string;
  label: string;
  /** The same filters (the order too, when given) without this one. */
  without: F;
}

/**
 * The filters in use, one chip per narrowing value, in the descriptor's order: "Género: Femenino",
 * "Edad desde 25", "Con galería", a service by its name. Their number is the "Filtros (n)" button's;
 * an empty result lists them, each removable with one tap (`without`).
 */
export function filterChips<F extends PageFilters>(filters: F): FilterChip<F>[] {
  return pageFilterNames.flatMap((name): FilterChip<F>[] => {
    const v: unknown = filters[name];
    if (v === undefined || v === false) return [];
    const { field } = pageFilter(name);
    const without = { ...filters, [name]: undefined };
    switch (field.control) {
      case 'chips':
        return (v as string[]).map((one) => ({
          key: `${name}:${one}`,
          label: field.optionLabel(one),
          without: { ...filters, [name]: (v as string[]).filter((x) => x !== one) },
        }));
      case 'select':
        return [
          { key: name, label: `${field.label}: ${field.optionLabel?.(String(v)) ?? String(v)}`, without },
        ];
      case 'range':
        return [{ key: name, label: `${field.label} ${String(v)}`, without }];
      case 'check':
        return [{ key: name, label: field.label, without }];
      case 'search':
        return [{ key: name, label: `«${String(v)}»`, without }];
    }
  });
}
