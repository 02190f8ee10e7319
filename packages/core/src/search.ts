import { z } from 'zod';
import { estadoValues, generoValues } from './constants.ts';
import { cityKey, comunas, regions, zones } from './geo.ts';
import { cityPages } from './landing.ts';
import { msg } from './messages.ts';
import {
  atiendeFilterValues,
  detailLimits,
  inCatalogueOrder,
  isServicio,
  servicioValues,
} from './profile-details.ts';
import { searchLimits, searchOrderValues } from './search-params.ts';
import { slugify } from './text.ts';

/** Region slugs as the search takes them: 'metropolitana-de-santiago', 'biobio'. */
export const regionSlug = (name: string) => slugify(name);

const regionSlugs = new Set(regions.map((r) => regionSlug(r.name)));
/**
 * Comuna slug -> the key profiles are stored under. They differ for O'Higgins ('o-higgins',
 * 'ohiggins'); both spellings are taken, as the pages build the key from the comuna's name.
 */
const comunaSlugs = new Map(
  comunas.flatMap((c) => [
    [c.slug, cityKey(c.name)],
    [cityKey(c.name), cityKey(c.name)],
  ]),
);

/** The stored comuna key of a comuna slug the schema accepted. */
export const cityKeyOfComuna = (slug: string) => comunaSlugs.get(slug.toLowerCase());
const citySlugs = new Map(cityPages.map((p) => [p.slug, cityKey(p.comuna ?? p.city)]));

/** The comuna key (escort_profiles.city_key) a landing slug lists; undefined for an unknown slug. */
export const cityKeyOfLanding = (slug: string) => citySlugs.get(slug.toLowerCase());

const oneOf = (set: { has(v: string): boolean }, message: string) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => set.has(v), { error: message });

const age = z
  .string()
  .regex(/^\d{1,2}$/, { error: msg.searchAge })
  .transform(Number)
  .refine((n) => n >= searchLimits.minAge && n <= searchLimits.maxAge, { error: msg.searchAge });

/** `?servicio=masajes&servicio=viajes` arrives as a list, a single one as text: both become the catalogue-ordered list. */
const servicios = z
  .union([z.string(), z.array(z.string()).max(servicioValues.length)], { error: msg.searchServicio })
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .refine((vs) => vs.every(isServicio), { error: msg.searchServicio })
  .transform((vs) => inCatalogueOrder(vs, servicioValues));

const tarifa = z
  .string()
  .regex(/^\d{1,7}$/, { error: msg.searchTarifaMax })
  .transform(Number)
  .refine((n) => n >= detailLimits.tarifaMin && n <= detailLimits.tarifaMax, { error: msg.searchTarifaMax });

const flag = z.enum(['true', 'false'], { error: msg.searchFlag }).transform((v) => v === 'true');

/**
 * GET /api/escorts: every filter optional. Query values arrive as text; the
 * route and the bench build the same object. The profile details (decision 0103) filter with
 * tarifa_max, servicio (repeatable, all must match) and atiende.
 */
export const escortSearchQuerySchema = z
  .object({
    zona: z.enum(
      zones.map((zz) => zz.id),
      { error: msg.searchZone },
    ),
    region: oneOf(regionSlugs, msg.searchRegion),
    comuna: oneOf(comunaSlugs, msg.searchComuna),
    ciudad: oneOf(citySlugs, msg.searchCity),
    genero: z.enum(generoValues, { error: msg.searchGender }),
    edad_min: age,
    edad_max: age,
    disponible: flag,
    con_galeria: flag,
    fotos_verificadas: flag,
    tarifa_max: tarifa,
    servicio: servicios,
    atiende: z.enum(atiendeFilterValues, { error: msg.searchAtiende }),
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

/** A listing card: the public card's fields plus what the result grid shows. */
export const escortListCardSchema = z.object({
  nickname: z.string(),
  apellido: z.string(),
  edad: z.number().int(),
  genero: z.string(),
  ciudad: z.string(),
  url: z.string(),
  srcset: z.string(),
  estado: z.enum(estadoValues),
  /** Every listed profile passed identity review: true on every card. */
  verificada: z.boolean(),
  /** An administrator compared a selfie with her photos (decision 0098): the compact badge on the card. */
  fotos_verificadas: z.boolean(),
  /** Overall average of the published ratings, one decimal; null without ratings. */
  promedio: z.number().nullable(),
  calificaciones: z.number().int(),
  galeria: z.number().int(),
  /** "Desde $X" on the card; null when she states no rate. */
  tarifa_desde: z.number().int().nullable(),
});
export type EscortListCard = z.infer<typeof escortListCardSchema>;

export const escortSearchResultSchema = z.object({
  items: z.array(escortListCardSchema),
  /** Opaque cursor of the next page; null on the last one. */
  siguiente: z.string().nullable(),
  /** Matching profiles, counted up to searchLimits.totalCap (then exactly the cap). */
  total: z.number().int(),
  /** False when there are more than `total` (the count stopped at the cap): "más de 10.000". */
  total_exacto: z.boolean(),
});
export type EscortSearchResult = z.infer<typeof escortSearchResultSchema>;
