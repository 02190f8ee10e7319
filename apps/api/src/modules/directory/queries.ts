import { and, desc, eq } from 'drizzle-orm';
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

export type CardRow = { nickname: string; apellido: string; fechaNac: string; genero: string; ciudad: string; url: string; estado: 'disponible' | 'inactiva' };

/** Listed escorts of a city, newest first; served by escort_profiles_listing_idx. */
export function listByCityKey(db: DbOrTx, cityKey: string, limit = LISTING_CAP): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(and(eq(escortProfiles.listed, true), eq(escortProfiles.cityKey, cityKey)))
    .orderBy(desc(escortProfiles.createdAt))
    .limit(limit);
}

/** Latest listed escorts anywhere; served by escort_profiles_latest_idx. */
export function listLatest(db: DbOrTx, limit = LISTING_CAP): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(escortProfiles)
    .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
    .where(eq(escortProfiles.listed, true))
    .orderBy(desc(escortProfiles.createdAt))
    .limit(limit);
}
