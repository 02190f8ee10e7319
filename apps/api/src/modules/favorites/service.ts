import { countEvent } from '../statistics/service.ts';
import { msg } from '@encanto/core/messages';
import { srcsetFor } from '@encanto/core/media';
import { normalizeRut } from '@encanto/core/rut';
import type { Favorite } from '@encanto/core/marketplace';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './queries.ts';

/** Favourites belong to clients; the RUT in the body must be the caller's own. */
function requireOwnRut(caller: SessionAccount, rut: string): void {
  if (caller.kind !== 'client' || normalizeRut(rut) !== normalizeRut(caller.rut)) throw forbidden();
}

async function publicEscort(db: DbOrTx, nickname: string) {
  const escort = await findAccountByNickname(db, nickname);
  if (!escort || escort.kind !== 'escort' || !escort.profile?.public) throw notFound(msg.profileUnavailable);
  return escort;
}

const toFavorite = (r: { nickname: string; url: string; apellido: string }): Favorite => ({
  nick_usuario: r.nickname,
  usuario_nickname: r.nickname,
  usuario_url: r.url,
  apellido: r.apellido,
  srcset: srcsetFor(r.url),
});

/** Idempotent: adding a favourite twice keeps one row (the primary key) and answers the same. */
export async function add(
  db: DbOrTx,
  caller: SessionAccount,
  body: { nick_usuario: string; rut_cliente: string },
  now: Date,
) {
  requireOwnRut(caller, body.rut_cliente);
  const escort = await publicEscort(db, body.nick_usuario);
  // Only a new favourite counts in her statistics (adding twice is idempotent).
  if (await addFavorite(db, caller.id, escort.id)) await countEvent(db, escort.id, 'favorites', now);
  return { nick_usuario: escort.nickname, rut_cliente: caller.rut };
}

export async function remove(
  db: DbOrTx,
  caller: SessionAccount,
  body: { nick_usuario: string; rut_cliente: string },
) {
  requireOwnRut(caller, body.rut_cliente);
  const escort = await findAccountByNickname(db, body.nick_usuario);
  if (!escort || escort.kind !== 'escort' || !(await removeFavorite(db, caller.id, escort.id)))
    throw notFound();
}

export async function check(
  db: DbOrTx,
  caller: SessionAccount,
  nickUsuario: string,
  rutCliente: string,
): Promise<boolean> {
  requireOwnRut(caller, rutCliente);
  const escort = await findAccountByNickname(db, nickUsuario);
  if (!escort || escort.kind !== 'escort') return false;
  return isFavorite(db, caller.id, escort.id);
}

export async function mine(db: DbOrTx, caller: SessionAccount): Promise<Favorite[]> {
  if (caller.kind !== 'client') throw forbidden();
  return (await listFavorites(db, caller.id)).map(toFavorite);
}
