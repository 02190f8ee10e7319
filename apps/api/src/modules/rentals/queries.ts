import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rentals } from '../../db/schema/index.ts';
import type { Rental } from '@encanto/core/gallery';

const columns = { id: rentals.id, ciudad: rentals.ciudad, direccion: rentals.direccion, url: rentals.url };

export async function insertRental(
  db: DbOrTx,
  values: { ciudad: string; cityKey: string; direccion: string; url: string },
): Promise<Rental> {
  const [row] = await db.insert(rentals).values(values).returning(columns);
  return row!;
}

export function rentalsByCityKey(db: DbOrTx, cityKey: string): Promise<Rental[]> {
  return db
    .select(columns)
    .from(rentals)
    .where(eq(rentals.cityKey, cityKey))
    .orderBy(asc(rentals.id))
    .limit(200);
}

export async function rentalUrlExists(db: DbOrTx, url: string): Promise<boolean> {
  const [row] = await db.select({ id: rentals.id }).from(rentals).where(eq(rentals.url, url)).limit(1);
  return row !== undefined;
}

export async function deleteRental(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(rentals).where(eq(rentals.id, id)).returning({ id: rentals.id });
  return rows.length > 0;
}
