import { and, asc, eq, sql } from 'drizzle-orm';
import type { Atiende } from '@encanto/core/profile-details';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles } from '../../db/schema/accounts.ts';
import { media, type MediaVariant } from '../../db/schema/media.ts';

export async function findAccount(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      kind: accounts.kind,
      rut: accounts.rut,
      nombre: accounts.nombre,
      apellido: accounts.apellido,
      nickname: accounts.nickname,
      fechaNac: accounts.fechaNac,
      email: accounts.email,
      genero: accounts.genero,
      fono: accounts.fono,
      url: accounts.url,
      ciudad: accounts.ciudad,
      autorizado: accounts.autorizado,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function findEscortFields(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      medidas: escortProfiles.medidas,
      legenda: escortProfiles.legenda,
      estado: escortProfiles.estado,
      suspended: escortProfiles.suspended,
    })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, accountId))
    .limit(1);
  return row;
}

/** Serialises concurrent profile-photo changes of one account (the 409 rule must not race). */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${accountId} for update`);
}

export async function findProfilePhoto(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      id: media.id,
      publicId: media.publicId,
      url: media.url,
      variants: media.variants,
      originalVariants: media.originalVariants,
      hold: media.hold,
    })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'profile')))
    .orderBy(asc(media.createdAt))
    .limit(1);
  return row;
}

/** The profile photo's media row (purpose 'profile'), inside the upload's transaction. */
export async function insertProfilePhoto(
  tx: DbOrTx,
  accountId: string,
  stored: {
    publicId: string;
    url: string;
    variants: MediaVariant[];
    originalUrl: string | null;
    originalVariants: MediaVariant[] | null;
    bytes: number;
    phash: bigint;
  },
): Promise<string> {
  const [row] = await tx
    .insert(media)
    .values({
      accountId,
      purpose: 'profile',
      mediaType: 'image',
      publicId: stored.publicId,
      url: stored.url,
      variants: stored.variants,
      originalUrl: stored.originalUrl,
      originalVariants: stored.originalVariants,
      bytes: stored.bytes,
      phash: stored.phash,
    })
    .returning({ id: media.id });
  return row!.id;
}

/** Removes her profile photo's row (if any) and hands back what its files were. */
export async function takeProfilePhoto(tx: DbOrTx, accountId: string) {
  const [previous] = await tx
    .select({
      id: media.id,
      publicId: media.publicId,
      url: media.url,
      variants: media.variants,
      originalVariants: media.originalVariants,
    })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'profile')))
    .limit(1);
  if (previous) await tx.delete(media).where(eq(media.id, previous.id));
  return previous;
}

/** Her profile photo named by publicId. */
export async function findProfilePhotoNamed(tx: DbOrTx, accountId: string, publicId: string) {
  const [row] = await tx
    .select({
      id: media.id,
      publicId: media.publicId,
      url: media.url,
      variants: media.variants,
      originalVariants: media.originalVariants,
    })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'profile'), eq(media.publicId, publicId)))
    .limit(1);
  return row;
}

export async function deleteMediaRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(media).where(eq(media.id, id));
}

export async function updateAccount(
  db: DbOrTx,
  accountId: string,
  values: Partial<{ apellido: string; fono: string; url: string; ciudad: string }>,
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: now })
    .where(eq(accounts.id, accountId));
}

export async function updateEscortProfile(
  db: DbOrTx,
  accountId: string,
  values: Partial<{
    medidas: string;
    legenda: string;
    estado: 'disponible' | 'inactiva';
    cityKey: string;
    tarifaDesde: number | null;
    servicios: string[];
    atiende: Atiende | null;
    horario: string | null;
    idiomas: string[];
  }>,
  now: Date,
): Promise<void> {
  await db
    .update(escortProfiles)
    .set({ ...values, updatedAt: now })
    .where(eq(escortProfiles.accountId, accountId));
}

export async function listOwnFiles(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: media.id,
      url: media.url,
      publicId: media.publicId,
      purpose: media.purpose,
      mediaType: media.mediaType,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(eq(media.accountId, accountId))
    .orderBy(asc(media.createdAt));
}
