import { z } from 'zod';
import { escortListCardSchema } from './escorts.ts';
import { cityKey, comunas, regions, zones } from './geo.ts';
import { cityPages } from './landing.ts';
import { msg } from './messages.ts';
import { inCatalogueOrder } from './profile-details.ts';
import {
  collapseSpaces,
  digitsPattern,
  searchWords,
  filterNames,
  retiredFilterNames,
  searchFilters,
  type FilterName,
  type FilterValue,
  type FilterValueOf,
} from './search-filters.ts';
import { searchLimits, searchOrderValues } from './search-params.ts';
import { slugify } from './text.ts';
import { visitorCardSchema } from './touring-listing.ts';

/** Region slugs as the search takes them: 'metropolitana-de-santiago', 'biobio'. */
export const regionSlug = (name: string) => slugify(name);

/**
 * Each kind of place: its slug (any case) to the key profiles are stored under. A comuna's slug and
 * key differ for O'Higgins ('o-higgins', 'ohiggins'); both spellings are taken, as the pages build
 * the key from the comuna's name. A landing slug names the comuna it lists.
 */
const placeKeys = {
  region: new Map(regions.map((r) => [regionSlug(r.name), regionSlug(r.name)])),
  comuna: new Map(
    comunas.flatMap((c) => [
      [c.slug, cityKey(c.name)],
      [cityKey(c.name), cityKey(c.name)],
    ]),
  ),
  landing: new Map(cityPages.map((p) => [p.slug, cityKey(p.comuna ?? p.city)])),
};

const placeIn = (keys: Map<string, string>, message: string) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => keys.has(v), { error: message })
    .transform((v) => keys.get(v)!);

/** The zod parser of a filter's value (search-filters.ts), refusing with the filter's Spanish message. */
function parserOf(value: FilterValue): z.ZodType {
  const error = value.message;
  switch (value.kind) {
    case 'choice':
      return z.enum(value.values as readonly [string, ...string[]], { error });
    case 'list':
      // `?servicio=masajes&servicio=viajes` arrives as a list, a single one as text: both become
      // the catalogue-ordered list.
      return z
        .union([z.string(), z.array(z.string()).max(value.values.length)], { error })
        .transform((v) => (Array.isArray(v) ? v : [v]))
        .refine((vs) => vs.every((v) => value.values.includes(v)), { error })
        .transform((vs) => inCatalogueOrder(vs, value.values));
    case 'number':
      return z
        .string()
        .regex(digitsPattern(value.digits), { error })
        .transform(Number)
        .refine((n) => n >= value.min && n <= value.max, { error });
    case 'flag':
      return z.enum(['true', 'false'], { error }).transform((v) => v === 'true');
    case 'text':
      // A repeated `?q=` arrives as a list: refused with the same message.
      return z
        .string({ error })
        .transform(collapseSpaces)
        .refine((v) => v.length >= value.min && v.length <= value.max, { error, abort: true })
        .refine((v) => searchWords(v).length > 0, { error: value.words });
    case 'place':
      return value.of === 'zone'
        ? z.enum(
            zones.map((zz) => zz.id),
            { error },
          )
        : placeIn(placeKeys[value.of], error);
  }
}

const filterParsers = Object.fromEntries(
  filterNames.map((name) => [name, parserOf(searchFilters[name].value)]),
) as { [K in FilterName]: z.ZodType<FilterValueOf<K>> };

/** A retired filter (search-filters.ts) is still checked as a flag, then dropped: it narrows nothing. */
const retired = z.enum(['true', 'false'], { error: msg.searchFlag }).transform((): undefined => undefined);
const retiredParsers = Object.fromEntries(retiredFilterNames.map((name) => [name, retired])) as Record<
  (typeof retiredFilterNames)[number],
  typeof retired
>;

/**
 * GET /api/escorts: every filter optional (search-filters.ts), then the order and the page. Query
 * values arrive as text; the route and the bench build the same object. A place comes out as the
 * key profiles are stored under.
 */
export const escortSearchQuerySchema = z
  .object({
    ...filterParsers,
    ...retiredParsers,
    orden: z.enum(searchOrderValues, { error: msg.searchOrder }),
    limite: z
      .string()
      .regex(/^\d{1,2}$/, { error: msg.searchLimit })
      .transform(Number)
      .refine((n) => n >= 1 && n <= searchLimits.maxLimit, { error: msg.searchLimit }),
    cursor: z.string().min(1, { error: msg.searchCursor }).max(400, { error: msg.searchCursor }),
    /** A page by its number, when there is no cursor (a typed or shared `?pagina=N`); a cursor wins. */
    pagina: z
      .string()
      .regex(/^\d{1,3}$/, { error: msg.searchPage })
      .transform(Number)
      .refine((n) => n >= 1 && n <= searchLimits.maxNumberedPage, { error: msg.searchPage }),
  })
  .partial()
  .refine((q) => q.edad_min === undefined || q.edad_max === undefined || q.edad_min <= q.edad_max, {
    error: msg.searchAgeRange,
    path: ['edad_min'],
  });
export type EscortSearchQuery = z.output<typeof escortSearchQuerySchema>;

export const searchSuggestionSchema = z.object({
  q: z.string(),
  filtros: z.boolean(),
  total: z.number().int(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** GET /api/escorts: one page of listing cards, the cursors around it, the count and the visitors. */
export const escortSearchResultSchema = z.object({
  items: z.array(escortListCardSchema),
  /** Opaque cursor of the next page; null on the last one. */
  siguiente: z.string().nullable(),
  /** Cursor of the page before this one (null on the first): the pages' "Anterior" link. */
  anterior: z.string().nullable(),
  /** Matching profiles, counted up to searchLimits.totalCap (then exactly the cap). */
  total: z.number().int(),
  /** False when there are more than `total` (the count stopped at the cap): "más de 10.000". */
  total_exacto: z.boolean(),
  /** Touring (decision 0102): escorts visiting the place today, on the first page only. */
  de_visita: z.array(visitorCardSchema),
  /**
   * A text search that found nothing (decision 0164): other searches that find something, each with
   * its count: the same words without the other filters and place (`filtros: false`), or the words
   * spelled as a place, service or language the site knows (`filtros: true`, the same filters).
   */
  sugerencias: z.array(searchSuggestionSchema).optional(),
});
export type EscortSearchResult = z.infer<typeof escortSearchResultSchema>;
