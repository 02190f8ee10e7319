import { cityKey, findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import type { Estado } from '@encanto/core/constants';
import { isOwnImagePath, type ClientUpdate, type EscortUpdate, type OwnFile } from '@encanto/core/profiles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { syncEscortVisibility } from '../accounts/escort-listing.ts';
import {
  findAccount,
  findEscortFields,
  findProfilePhoto,
  listOwnFiles,
  lockAccount,
  updateAccount,
  updateEscortProfile,
  type AccountRow,
} from './queries.ts';

/**
 * The url a data form sends: unchanged, or a new http(s) address. Our own
 * paths cannot be pointed at (someone else's photo), and a stored photo must be
 * deleted before the url changes, so its files never linger unreferenced.
 */
async function resolveUrlChange(tx: DbOrTx, account: AccountRow, url: string): Promise<string | undefined> {
  if (url === account.url) return undefined;
  if (isOwnImagePath(url)) throw badRequest(msg.imageUrl, { url: msg.imageUrl });
  if (await findProfilePhoto(tx, account.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  return url;
}

async function loadAccount(db: DbOrTx, accountId: string): Promise<AccountRow> {
  const row = await findAccount(db, accountId);
  if (!row) throw notFound();
  return row;
}

/** PUT usuario/modificar: display name, phone, url, medidas and legenda in one transaction. */
export async function updateEscortData(db: Db, caller: SessionAccount, input: EscortUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const account = await loadAccount(tx, caller.id);
    const url = await resolveUrlChange(tx, account, input.url);
    await updateAccount(tx, caller.id, {
      apellido: input.apellido,
      fono: input.fono,
      ...(url ? { url } : {}),
    });
    await updateEscortProfile(tx, caller.id, { medidas: input.medidas, legenda: input.legenda });
  });
}

/** PUT usuario/modificar-url: an external photo address for the escort. */
export async function updateEscortUrl(db: Db, caller: SessionAccount, url: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const account = await loadAccount(tx, caller.id);
    const next = await resolveUrlChange(tx, account, url);
    if (next) await updateAccount(tx, caller.id, { url: next });
  });
}

/**
 * PUT usuario/estado/{id}. The server's refusal rule (the spec leaves it
 * open): an escort an administrator has suspended after a report cannot mark
 * herself disponible; going inactiva is always allowed.
 */
export async function changeEstado(db: Db, caller: SessionAccount, estado: Estado): Promise<Estado> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const escort = await findEscortFields(tx, caller.id);
    if (!escort) throw notFound();
    if (estado === 'disponible' && escort.suspended) throw forbidden(msg.statusSuspended, 'SUSPENDED');
    await updateEscortProfile(tx, caller.id, { estado });
    await syncEscortVisibility(tx, caller.id);
  });
  return estado;
}

/** PUT usuario/ciudad/{id}: stores the catalogue's spelling and the accent-free key listings match on. */
export async function changeCity(db: Db, caller: SessionAccount, ciudad: string): Promise<string> {
  const comuna = findComuna(ciudad);
  if (!comuna) throw badRequest(msg.cityMustBeChosen, { ciudad: msg.cityMustBeChosen });
  await db.transaction(async (tx) => {
    await updateAccount(tx, caller.id, { ciudad: comuna.name });
    if (caller.kind === 'escort') await updateEscortProfile(tx, caller.id, { cityKey: cityKey(comuna.name) });
  });
  return comuna.name;
}

/** PUT cliente/modificar: phone and image url. */
export async function updateClientData(db: Db, caller: SessionAccount, input: ClientUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const account = await loadAccount(tx, caller.id);
    const url = await resolveUrlChange(tx, account, input.url);
    await updateAccount(tx, caller.id, { fono: input.fono, ...(url ? { url } : {}) });
  });
}

export async function ownFiles(db: DbOrTx, caller: SessionAccount): Promise<OwnFile[]> {
  const rows = await listOwnFiles(db, caller.id);
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    publicId: r.publicId,
    proposito: r.purpose,
    tipo: r.mediaType,
    creado: r.createdAt.toISOString(),
  }));
}
