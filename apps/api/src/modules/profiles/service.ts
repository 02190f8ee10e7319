import { cityKey, findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import type { Estado } from '@encanto/core/constants';
import { idiomaValues, inCatalogueOrder, servicioValues } from '@encanto/core/profile-details';
import { isOwnImagePath, type ClientUpdate, type EscortUpdate, type OwnFile } from '@encanto/core/profiles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { syncEscortVisibility } from '../accounts/service.ts';
import type { StoredImage } from '../../infra/media/images.ts';
import { deleteImageIfUnused } from '../gallery/service.ts';
import { attachProfilePhoto, importImageFromUrl, servedImage } from './photo-service.ts';
import { syncMarks } from '../watermark/service.ts';
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
 * The url a form sends: unchanged, or a new http(s) address whose picture is
 * downloaded and stored now, before any transaction (it waits on another
 * host). Our own paths cannot be pointed at (someone else's photo), and a
 * stored photo must be deleted first, as for an upload.
 */
async function importUrlChange(
  deps: Pick<Deps, 'db' | 'media' | 'remoteImages'>,
  caller: SessionAccount,
  url: string,
): Promise<StoredImage | undefined> {
  const account = await loadAccount(deps.db, caller.id);
  if (url === account.url) return undefined;
  if (isOwnImagePath(url)) throw badRequest(msg.imageUrl, { url: msg.imageUrl });
  if (await findProfilePhoto(deps.db, caller.id)) throw conflict(msg.deleteImageFirst, 'PHOTO_EXISTS');
  return importImageFromUrl(deps, url);
}

/** One transaction on the locked account: the imported photo (if any) and the other changes; on failure its files go. */
async function saveWithPhoto(
  deps: Pick<Deps, 'db' | 'media' | 'clock' | 'config' | 'log'>,
  caller: SessionAccount,
  imported: StoredImage | undefined,
  write: (tx: DbOrTx, now: Date) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  // Marked before the transaction while her watermark is on (decision 0178).
  const photo = imported && (await servedImage(deps, caller.id, imported));
  try {
    await deps.db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      await loadAccount(tx, caller.id);
      if (photo) await attachProfilePhoto(tx, deps, caller.id, photo);
      await write(tx, now);
    });
  } catch (err) {
    if (photo) await deleteImageIfUnused(deps.db, deps.media, photo);
    throw err;
  }
  if (photo) await syncMarks(deps, caller.id);
}

async function loadAccount(db: DbOrTx, accountId: string): Promise<AccountRow> {
  const row = await findAccount(db, accountId);
  if (!row) throw notFound();
  return row;
}

type PhotoDeps = Pick<Deps, 'db' | 'media' | 'remoteImages' | 'clock' | 'config' | 'log'>;

/**
 * The details the body states, as columns: a field left out stays as it is; null, '' or [] clears
 * it. Lists are kept in catalogue order (the schema refused unknown codes and repeats).
 */
export function detailColumns(input: EscortUpdate) {
  const { tarifa_desde, servicios, atiende, horario, idiomas } = input;
  return {
    ...(tarifa_desde !== undefined && { tarifaDesde: tarifa_desde }),
    ...(servicios !== undefined && {
      servicios: inCatalogueOrder(servicios ?? [], servicioValues),
    }),
    ...(atiende !== undefined && { atiende: atiende || null }),
    ...(horario !== undefined && { horario: horario || null }),
    ...(idiomas !== undefined && {
      idiomas: inCatalogueOrder(idiomas ?? [], idiomaValues),
    }),
  };
}

/** PUT usuario/modificar: display name, phone, url, medidas, legenda and details in one transaction. */
export async function updateEscortData(
  deps: PhotoDeps,
  caller: SessionAccount,
  input: EscortUpdate,
): Promise<void> {
  const photo = await importUrlChange(deps, caller, input.url);
  await saveWithPhoto(deps, caller, photo, async (tx, now) => {
    await updateAccount(tx, caller.id, { apellido: input.apellido, fono: input.fono }, now);
    // The display name is part of the listing rule (decision 0153).
    await syncEscortVisibility(tx, caller.id, now);
    await updateEscortProfile(
      tx,
      caller.id,
      { medidas: input.medidas, legenda: input.legenda, ...detailColumns(input) },
      now,
    );
  });
}

/** PUT usuario/modificar-url: a photo given as a link; answers the profile's url, now our own copy. */
export async function updateEscortUrl(deps: PhotoDeps, caller: SessionAccount, url: string): Promise<string> {
  const photo = await importUrlChange(deps, caller, url);
  if (photo) await saveWithPhoto(deps, caller, photo, async () => undefined);
  return photo?.url ?? (await loadAccount(deps.db, caller.id)).url;
}

/**
 * PUT usuario/estado/{id}. The server's refusal rule (the spec leaves it
 * open): an escort an administrator has suspended after a report cannot mark
 * herself disponible; going inactiva is always allowed.
 */
export async function changeEstado(
  db: Db,
  caller: SessionAccount,
  estado: Estado,
  now: Date,
): Promise<Estado> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const escort = await findEscortFields(tx, caller.id);
    if (!escort) throw notFound();
    if (estado === 'disponible' && escort.suspended) throw forbidden(msg.statusSuspended, 'SUSPENDED');
    await updateEscortProfile(tx, caller.id, { estado }, now);
    await syncEscortVisibility(tx, caller.id, now);
  });
  return estado;
}

/** PUT usuario/ciudad/{id}: stores the catalogue's spelling and the accent-free key listings match on. */
export async function changeCity(db: Db, caller: SessionAccount, ciudad: string, now: Date): Promise<string> {
  const comuna = findComuna(ciudad);
  if (!comuna) throw badRequest(msg.cityMustBeChosen, { ciudad: msg.cityMustBeChosen });
  await db.transaction(async (tx) => {
    await updateAccount(tx, caller.id, { ciudad: comuna.name }, now);
    if (caller.kind === 'escort') {
      await updateEscortProfile(tx, caller.id, { cityKey: cityKey(comuna.name) }, now);
    }
  });
  return comuna.name;
}

/** PUT cliente/modificar: phone and image url. */
export async function updateClientData(
  deps: PhotoDeps,
  caller: SessionAccount,
  input: ClientUpdate,
): Promise<void> {
  const photo = await importUrlChange(deps, caller, input.url);
  await saveWithPhoto(deps, caller, photo, (tx, now) =>
    updateAccount(tx, caller.id, { fono: input.fono }, now),
  );
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
