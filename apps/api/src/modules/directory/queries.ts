import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles } from '../../db/schema/index.ts';

export type CardRow = {
  nickname: string;
  apellido: string;
  fechaNac: string;
  genero: string;
  ciudad: string;
  url: string;
  estado: 'disponible' | 'inactiva';
};

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

/**
 * The first account id of every `size` public profiles in account-id order: where each profile
 * sitemap starts. One pass over the primary key; the sitemap index asks, its children do not.
 */
export async function publicCardStarts(db: DbOrTx, size: number): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string>`id` })
    .from(
      sql`(select ${escortProfiles.accountId} as id, row_number() over (order by ${escortProfiles.accountId}) as n
           from ${escortProfiles} where ${escortProfiles.public}) as numbered`,
    )
    .where(sql`(n - 1) % ${size} = 0`)
    .orderBy(sql`id`);
  return rows.map((r) => r.id);
}

/** Up to `limit` public cards from an account id on, in account-id order (a range of the primary key). */
export function publicCardsFrom(
  db: DbOrTx,
  from: string,
  limit: number,
): Promise<{ nickname: string; lastmod: Date | string }[]> {
  return db
    .select({
      nickname: accounts.nickname,
      lastmod: sql<Date | string>`greatest(${escortProfiles.updatedAt}, ${accounts.updatedAt})`,
    })
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(and(eq(escortProfiles.public, true), gte(escortProfiles.accountId, from)))
    .orderBy(escortProfiles.accountId)
    .limit(limit);
}
