import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles } from '../../db/schema/index.ts';

export const LISTING_CAP = 60;

const cardColumns = {
  nickname: accounts.nickname,
  apellido: accounts.apellido,
  fechaNac: accounts.fechaNac,
  genero: accounts.genero,
  ciudad: accounts.ciudad,
  url: accounts.url,
  estado: escortProfiles.estado,
};

/**
 * Newest first in the indexes' own order: they are `created_at DESC NULLS LAST`, and a plain `DESC` means
 * NULLS FIRST, which no index provides, so PostgreSQL sorted every listed row instead (a parallel
 * sequential scan and a 3 MB sort for /api/ultimos with 100,000 escorts; see bench/EXPLAIN.md).
 */
const newestFirst = sql`${escortProfiles.createdAt} desc nulls last`;

export type CardRow = {
  nickname: string;
  apellido: string;
  fechaNac: string;
  genero: string;
  ciudad: string;
  url: string;
  estado: 'disponible' | 'inactiva';
};

/** Listed escorts of a city, newest first; served by escort_profiles_listing_idx. */
export function listByCityKey(db: DbOrTx, cityKey: string, limit = LISTING_CAP): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(and(eq(escortProfiles.listed, true), eq(escortProfiles.cityKey, cityKey)))
    .orderBy(newestFirst)
    .limit(limit);
}

/** Latest listed escorts anywhere; served by escort_profiles_latest_idx. */
export function listLatest(db: DbOrTx, limit = LISTING_CAP): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(eq(escortProfiles.listed, true))
    .orderBy(newestFirst)
    .limit(limit);
}

/** Cities that currently list someone, with their newest change, for the sitemap. */
export function listedCities(db: DbOrTx): Promise<{ ciudad: string; lastmod: Date | string }[]> {
  return db
    .select({
      ciudad: sql<string>`min(${accounts.ciudad})`,
      lastmod: sql<Date | string>`max(${escortProfiles.updatedAt})`,
    })
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(eq(escortProfiles.listed, true))
    .groupBy(escortProfiles.cityKey);
}

/** Every public card (approved, not paused or suspended), capped at the sitemap protocol's 50,000 URLs. */
export function publicCards(
  db: DbOrTx,
  limit: number,
): Promise<{ nickname: string; lastmod: Date | string }[]> {
  return db
    .select({
      nickname: accounts.nickname,
      lastmod: sql<Date | string>`greatest(${escortProfiles.updatedAt}, ${accounts.updatedAt})`,
    })
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(eq(escortProfiles.public, true))
    .orderBy(desc(escortProfiles.updatedAt))
    .limit(limit);
}
