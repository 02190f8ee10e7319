import { ageInChile } from '@encanto/core/age';
import { cityKey } from '@encanto/core/geo';
import { srcsetFor } from '@encanto/core/media';
import type { EscortCard } from '@encanto/core/escorts';
import type { DbOrTx } from '../../db/client.ts';
import { listByCityKey, listLatest, type CardRow } from './queries.ts';

export function toCard(row: CardRow): EscortCard {
  return {
    nickname: row.nickname,
    apellido: row.apellido,
    edad: ageInChile(row.fechaNac),
    genero: row.genero,
    ciudad: row.ciudad,
    url: row.url,
    srcset: srcsetFor(row.url),
    estado: row.estado,
  };
}

export async function escortsInCity(db: DbOrTx, city: string): Promise<EscortCard[]> {
  const key = cityKey(city);
  if (!key) return [];
  return (await listByCityKey(db, key)).map(toCard);
}

export async function latestEscorts(db: DbOrTx): Promise<EscortCard[]> {
  return (await listLatest(db)).map(toCard);
}
