import { ageOn, todayInChile } from '@encanto/core/age';
import { cityKey } from '@encanto/core/geo';
import type { EscortCard } from '@encanto/core/escorts';
import { srcsetFor } from '@encanto/core/media';
import { msg } from '@encanto/core/messages';
import {
  cityKeyOfComuna,
  cityKeyOfLanding,
  type EscortListCard,
  type EscortSearchQuery,
} from '@encanto/core/search';
import { searchLimits, type SearchOrder } from '@encanto/core/search-params';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import {
  searchKeyAt,
  searchPage,
  searchTotal,
  sortKeyLength,
  type SearchCount,
  type SearchFilter,
  type SearchRow,
  type SortKey,
} from './search-queries.ts';

export interface SearchAnswer {
  items: EscortListCard[];
  siguiente: string | null;
  /** Cursor of the page before this one (null on the first): the pages' "Anterior" link. */
  anterior: string | null;
  total: number;
  total_exacto: boolean;
}

/** The search minus paging, as the route parsed it (places already lower-case slugs). */
type Criteria = Omit<EscortSearchQuery, 'limite' | 'cursor' | 'pagina'>;

/** 'yyyy-mm-dd' n years earlier; 29 February becomes the 28th, as ageOn counts birthdays. */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-');
  const year = String(Number(y) - years).padStart(4, '0');
  const candidate = `${year}-${m}-${d}`;
  return new Date(`${candidate}T00:00:00Z`).getUTCDate() === Number(d) ? candidate : `${year}-${m}-28`;
}

export function toFilter(q: Criteria, today: string): SearchFilter {
  const fromLanding = q.ciudad !== undefined ? cityKeyOfLanding(q.ciudad) : undefined;
  const fromComuna = q.comuna !== undefined ? cityKeyOfComuna(q.comuna) : undefined;
  return {
    // A landing slug and a comuna both name one comuna; given together they must agree (else nothing).
    cityKey:
      fromComuna !== undefined && fromLanding !== undefined && fromComuna !== fromLanding
        ? ''
        : (fromComuna ?? fromLanding),
    regionKey: q.region,
    zona: q.zona,
    genero: q.genero,
    bornBy: q.edad_min !== undefined ? yearsBefore(today, q.edad_min) : undefined,
    bornAfter: q.edad_max !== undefined ? yearsBefore(today, q.edad_max + 1) : undefined,
    disponible: q.disponible,
    conGaleria: q.con_galeria,
    fotosVerificadas: q.fotos_verificadas,
    tarifaMax: q.tarifa_max,
    servicios: q.servicio,
    atiende: q.atiende,
  };
}

/** Cursor: base64url of [direction, order, ...sort key]; the order inside refuses a cursor from another sort. */
function encodeCursor(direction: 'after' | 'before', orden: SearchOrder, key: SortKey): string {
  return Buffer.from(JSON.stringify([direction === 'after' ? 's' : 'a', orden, ...key])).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string, orden: SearchOrder): { key: SortKey; direction: 'after' | 'before' } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(msg.searchCursor, { cursor: msg.searchCursor });
  }
  const ok =
    Array.isArray(parts) &&
    parts.length === 2 + sortKeyLength(orden) &&
    (parts[0] === 's' || parts[0] === 'a') &&
    parts[1] === orden &&
    parts.slice(2).every((p) => typeof p === 'string' && p.length <= 64 && validKeyPart(p));
  if (!ok) throw badRequest(msg.searchCursor, { cursor: msg.searchCursor });
  const [dir, , ...key] = parts as string[];
  return { direction: dir === 's' ? 'after' : 'before', key };
}

/** Text PostgreSQL casts back without an error (booleans, integers, timestamps, uuids): a forged one is a 400, not a 500. */
const validKeyPart = (p: string) =>
  /^(true|false|-?\d{1,10}|\d{4,}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.test(
    p,
  );

export function toListCard(row: SearchRow, today: string): EscortListCard {
  return {
    nickname: row.nickname,
    apellido: row.apellido,
    edad: ageOn(row.fechaNac, today),
    genero: row.genero,
    ciudad: row.ciudad,
    url: row.url,
    srcset: srcsetFor(row.url),
    estado: row.estado,
    verificada: true,
    fotos_verificadas: row.fotosVerificadas,
    promedio: row.ratingCount > 0 ? Math.round((10 * row.ratingSum) / (5 * row.ratingCount)) / 10 : null,
    calificaciones: row.ratingCount,
    galeria: row.galleryCount,
    tarifa_desde: row.tarifaDesde,
  };
}

/**
 * How the total is found: counted each time by default; the route passes one that keeps it in the
 * public cache per filter (not per order or cursor), so later pages and other orders reuse the count,
 * which is the costly part of a broad search (bench/RESULTS.md, issue 15).
 */
export type TotalSource = (filterKey: string, count: () => Promise<SearchCount>) => Promise<SearchCount>;

const countEachTime: TotalSource = (_key, count) => count();

/** GET /api/escorts: one page of public profiles in the chosen order, with the cursors around it. */
export async function searchEscorts(
  db: DbOrTx,
  query: EscortSearchQuery,
  totals: TotalSource = countEachTime,
): Promise<SearchAnswer> {
  const { limite = searchLimits.defaultLimit, cursor, pagina = 1, orden = 'recientes', ...criteria } = query;
  const today = todayInChile();
  const filter = toFilter(criteria, today);
  // A cursor says where its page starts; a page asked by number alone starts after the last row of
  // the page before it (null: past the end, an empty page).
  let from: { key: SortKey; direction: 'after' | 'before' } | undefined | null;
  if (cursor !== undefined) from = decodeCursor(cursor, orden);
  else if (pagina > 1) {
    const key = await searchKeyAt(db, filter, orden, (pagina - 1) * limite - 1);
    from = key && { key, direction: 'after' };
  }
  const rows = from === null ? [] : await searchPage(db, filter, orden, limite, from);
  const more = rows.length > limite;
  const page = rows.slice(0, limite);
  if (from?.direction === 'before') page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const backwards = from?.direction === 'before';
  const total = await totals(JSON.stringify(filter), () => searchTotal(db, filter, searchLimits.totalCap));
  return {
    items: page.map((r) => toListCard(r, today)),
    siguiente: last && (backwards || more) ? encodeCursor('after', orden, last.key) : null,
    anterior:
      first && (backwards ? more : from !== undefined) ? encodeCursor('before', orden, first.key) : null,
    total: total.n,
    total_exacto: total.exact,
  };
}

/** The spec's listings (/api/ultimos, /api/usuario/ciudad/{city}): the first page of the same search, available only. */
export async function firstListingPage(db: DbOrTx, city?: string): Promise<EscortCard[]> {
  const key = city === undefined ? undefined : cityKey(city);
  if (key === '') return [];
  const today = todayInChile();
  const filter: SearchFilter = { cityKey: key, disponible: true };
  const rows = await searchPage(db, filter, 'recientes', LISTING_PAGE);
  // The spec's card shape, exactly: the richer fields are the search's.
  return rows.slice(0, LISTING_PAGE).map((r) => {
    const { nickname, apellido, edad, genero, ciudad, url, srcset, estado } = toListCard(r, today);
    return { nickname, apellido, edad, genero, ciudad, url, srcset, estado };
  });
}

/** The spec's listings keep their length: one page of the search's largest size. */
export const LISTING_PAGE = searchLimits.maxLimit;
