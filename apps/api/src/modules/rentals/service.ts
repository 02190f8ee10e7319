import { cityKey, findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import type { Rental, RentalInput } from '@encanto/core/gallery';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { deleteRental, insertRental, rentalsByCityKey, rentalUrlExists } from './queries.ts';

/** Stores the comuna's official name, so every spelling of a city lands on the same key. */
export async function addRental(db: DbOrTx, input: RentalInput): Promise<Rental> {
  const comuna = findComuna(input.ciudad);
  const ciudad = comuna?.name ?? input.ciudad;
  try {
    return await insertRental(db, {
      ciudad,
      cityKey: cityKey(ciudad),
      direccion: input.direccion,
      url: input.url,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'rentals_url_key')) throw conflict(msg.rentalExists, 'RENTAL_EXISTS');
    throw err;
  }
}

/** Rentals of a city, matched accent-insensitively; an unknown city is an empty list, as the spec asks. */
export async function rentalsInCity(db: DbOrTx, city: string): Promise<Rental[]> {
  const comuna = findComuna(city);
  const key = cityKey(comuna?.name ?? city);
  if (!key) return [];
  return rentalsByCityKey(db, key);
}

export const rentalExists = (db: DbOrTx, url: string) => rentalUrlExists(db, url.trim());

export async function removeRental(db: DbOrTx, id: number): Promise<void> {
  if (!(await deleteRental(db, id))) throw notFound();
}
