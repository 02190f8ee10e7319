import { and, asc, eq, sql } from 'drizzle-orm';
import type { Atiende } from '@encanto/core/profile-details';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles } from '../../db/schema/accounts.ts';
import { media } from '../../db/schema/media.ts';

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
    .select({ id: media.id, publicId: media.publicId, url: media.url, variants: media.variants })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'profile')))
    .orderBy(asc(media.createdAt))
    .limit(1);
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  accountId: string,
  values: Partial<{ apellido: string; fono: string; url: string; ciudad: string }>,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
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
): Promise<void> {
  await db
    .update(escortProfiles)
    .set({ ...values, updatedAt: new Date() })
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
