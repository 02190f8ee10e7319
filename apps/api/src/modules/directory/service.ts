import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
import { srcsetFor } from '@encanto/core/media';
import type { EscortCard, EscortOwnCard, EscortPublic } from '@encanto/core/escorts';
import { detailsFromRow, type ProfileDetails } from '@encanto/core/profile-details';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import type { SearchFilters } from '@encanto/core/search-filters';
import { placedBetween, placementHighWater, visitingSince } from './placement-queries.ts';
import type { CardRow } from './queries.ts';

/** `today`: the day in Chile (todayInChile), computed once per listing so 60 cards share it. */
export function toCard(row: CardRow, today: string): EscortCard {
  return {
    nickname: row.nickname,
    apellido: row.apellido,
    edad: ageOn(row.fechaNac, today),
    genero: row.genero,
    ciudad: row.ciudad,
    url: row.url,
    srcset: srcsetFor(row.url),
    estado: row.estado,
  };
}

type ProfileRow = CardRow & {
  fono: string;
  medidas: string;
  legenda: string;
  autorizado: 'pendiente' | 'aprobado';
  public: boolean;
  listed: boolean;
  fotosVerificadas: boolean;
  updatedAt: Date;
  accountUpdatedAt: Date;
  details: ProfileDetails;
};

/** An escort's card data by nickname (case-insensitive); undefined for other kinds and unknown names. */
async function findEscortProfile(db: DbOrTx, nickname: string): Promise<ProfileRow | undefined> {
  const found = await findAccountByNickname(db, nickname, 'escort');
  if (!found?.profile) return undefined;
  const { profile: p, ...a } = found;
  return {
    nickname: a.nickname,
    apellido: a.apellido,
    fechaNac: a.fechaNac,
    genero: a.genero,
    ciudad: a.ciudad,
    // The card's photo is the gallery's cover when there is one (decision 0155).
    url: p.coverUrl ?? a.url,
    estado: p.estado,
    fono: a.fono,
    medidas: p.medidas,
    legenda: p.legenda,
    autorizado: a.autorizado,
    public: p.public,
    listed: p.listed,
    fotosVerificadas: p.fotosVerificadas,
    updatedAt: p.updatedAt,
    accountUpdatedAt: a.updatedAt,
    details: detailsFromRow(p),
  };
}

const newest = (row: ProfileRow) =>
  new Date(
    Math.max(new Date(row.updatedAt).getTime(), new Date(row.accountUpdatedAt).getTime()),
  ).toISOString();

function toProfile(row: ProfileRow, now: Date) {
  return {
    ...toCard(row, todayInChile(now)),
    medidas: row.medidas,
    legenda: row.legenda,
    fono: row.fono,
    actualizado: newest(row),
    fotos_verificadas: row.fotosVerificadas,
    ...row.details,
  };
}

/**
 * The public card: only approved escorts that are neither paused nor suspended
 * (the `public` flag). An inactive one is still returned, with her estado, so
 * the page can say she is not available; everything else is a plain 404 that
 * does not reveal whether the nickname exists.
 */
export async function publicEscort(db: DbOrTx, nickname: string, now: Date): Promise<EscortPublic> {
  const row = await findEscortProfile(db, nickname);
  if (!row || !row.public || row.autorizado !== 'aprobado') throw notFound();
  return { ...toProfile(row, now), autorizado: 'aprobado' };
}

/** The escort's own card, whatever its approval or visibility; the route has checked the caller. */
export async function ownEscortCard(db: DbOrTx, nickname: string, now: Date): Promise<EscortOwnCard> {
  const row = await findEscortProfile(db, nickname);
  if (!row) throw notFound();
  return { ...toProfile(row, now), autorizado: row.autorizado, listado: row.listed };
}

/**
 * The profiles that newly match a search (decision 0176), for the saved-search sweep: placed (listed, or
 * moved to another comuna) between two placement numbers, and visiting its place with a visit that is news
 * for a search saved at `savedAt`. The filters are parsed (escortSearchQuerySchema) and held by filterSql.
 */
export async function newMatches(
  db: DbOrTx,
  filters: SearchFilters,
  now: Date,
  since: { afterSeq: number; uptoSeq: number; savedAt: Date },
): Promise<string[]> {
  const filter = { filters, today: todayInChile(now) };
  const [placed, visiting] = await Promise.all([
    since.uptoSeq > since.afterSeq ? placedBetween(db, filter, since.afterSeq, since.uptoSeq) : [],
    visitingSince(db, filter, since.savedAt, todayInChile(since.savedAt)),
  ]);
  return [...new Set([...placed, ...visiting])];
}

export { placementHighWater };
