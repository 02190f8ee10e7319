import { desc, eq, sql } from 'drizzle-orm';
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
