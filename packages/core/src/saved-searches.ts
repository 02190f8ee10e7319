import { z } from 'zod';
import { findComuna, regions } from './geo.ts';
import { findCityPage } from './landing.ts';
import { msg } from './messages.ts';
import { pages } from './paths.ts';
import { escortSearchQuerySchema, regionSlug } from './search.ts';
import {
  filterChips,
  filterNames,
  pageFilter,
  readPageFilters,
  writePageFilters,
  type PageFilterName,
  type PageFilters,
} from './search-filters.ts';
import { queryString, type ListingPlace } from './search-params.ts';

/** How many searches a client keeps (decision 0175). */
export const savedSearchLimit = 10;

/**
 * A search's filters as GET /api/escorts takes them (text values, a list for several services): only
 * filter names (no order, size or page), each checked by the listing's own query schema, so a saved
 * search is exactly one the listing can run.
 */
export const savedSearchFiltersSchema = z
  .record(z.string().max(40), z.union([z.string().max(200), z.array(z.string().max(60)).max(40)]), {
    error: msg.savedSearchFilters,
  })
  .superRefine((filtros, ctx) => {
    const names = Object.keys(filtros);
    const unknown = names.find((k) => !(filterNames as string[]).includes(k));
    if (unknown !== undefined || names.length > filterNames.length) {
      ctx.addIssue({ code: 'custom', message: msg.savedSearchFilters, path: [unknown ?? ''] });
      return;
    }
    const parsed = escortSearchQuerySchema.safeParse(filtros);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: issue?.message ?? msg.savedSearchFilters,
        path: issue?.path ?? [],
      });
    }
  });
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const savedSearchBodySchema = z.object({
  nombre: z
    .string({ error: msg.savedSearchName })
    .trim()
    .min(1, { error: msg.savedSearchName })
    .max(60, { error: msg.savedSearchName }),
  filtros: savedSearchFiltersSchema,
});
export type SavedSearchBody = z.infer<typeof savedSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  filtros: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The listing page that shows it (path and query), what the notice links to. */
  enlace: z.string(),
  creada: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchIdParamsSchema = z.object({
  id: z.uuid({ error: msg.savedSearchNotFound }),
});

/** The notice's words (decision 0176): "Hay 2 perfiles nuevos en «Providencia, disponibles»". */
export function savedSearchNoticeText(nombre: string, n: number): string {
  return n === 1 ? `Hay 1 perfil nuevo en «${nombre}»` : `Hay ${n} perfiles nuevos en «${nombre}»`;
}

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The listing page of a saved search: the place's page (comuna, landing city, region; all of Chile for a
 * zone or no place) with the page filters in its query, as the filter bar writes them.
 */
export function savedSearchHref(filtros: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filtros))
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  const query = queryString(writePageFilters(readPageFilters(params)));
  const comuna = text(filtros.comuna);
  const ciudad = text(filtros.ciudad);
  const region = text(filtros.region);
  const place = comuna !== undefined ? findComuna(comuna) : undefined;
  if (place) return `${pages.escortsCity.href(place.name)}${query}`;
  const landing = ciudad !== undefined ? findCityPage(ciudad) : undefined;
  if (landing) return `${pages.cityLanding.href(landing.slug)}${query}`;
  const reg =
    region !== undefined ? regions.find((r) => regionSlug(r.name) === region.toLowerCase()) : undefined;
  if (reg) return `${pages.escortsRegion.href(regionSlug(reg.name))}${query}`;
  return `${pages.escorts.href}${query}`;
}

/**
 * What "Guardar búsqueda" sends for the listing on screen: its place (as the listing's API call names it)
 * and its page filters, without order or page (decision 0175); a list filter always as a list.
 */
export function savedSearchFiltersFrom(place: ListingPlace, filters: PageFilters): SavedSearchFilters {
  const out: Record<string, string | string[]> = { ...place };
  for (const [name, v] of writePageFilters(filters)) {
    const prev = out[name];
    if (prev !== undefined) out[name] = [...(Array.isArray(prev) ? prev : [prev]), v];
    else out[name] = isList(name) ? [v] : v;
  }
  return out;
}

const isList = (name: string) => pageFilter(name as PageFilterName).value.kind === 'list';

/** The name "Guardar búsqueda" offers: the place, then the filters' chips ("Providencia, Con galería"). */
export function suggestedSearchName(placeName: string | undefined, filters: PageFilters): string {
  const parts = [placeName ?? 'Todo Chile', ...filterChips(filters).map((c) => c.label)];
  const name = parts.join(', ');
  return name.length <= 60 ? name : `${name.slice(0, 59).trimEnd()}…`;
}
