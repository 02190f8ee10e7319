import { and, asc, desc, eq, isNotNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, photoVerificationCodes, photoVerifications } from '../../db/schema/index.ts';

export async function upsertCode(
  db: DbOrTx,
  accountId: string,
  code: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(photoVerificationCodes)
    .values({ accountId, code, expiresAt })
    .onConflictDoUpdate({ target: photoVerificationCodes.accountId, set: { code, expiresAt } });
}

export async function findCode(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(photoVerificationCodes)
    .where(eq(photoVerificationCodes.accountId, accountId))
    .limit(1);
  return row;
}

export async function deleteCode(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(photoVerificationCodes).where(eq(photoVerificationCodes.accountId, accountId));
}

export async function hasPending(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: photoVerifications.id })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.accountId, accountId), eq(photoVerifications.status, 'pendiente')))
    .limit(1);
  return row !== undefined;
}

export async function insertVerification(
  db: DbOrTx,
  values: { accountId: string; code: string; storageKey: string; publicId: string },
): Promise<string> {
  const [row] = await db.insert(photoVerifications).values(values).returning({ id: photoVerifications.id });
  return row!.id;
}

export async function latestOf(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(photoVerifications)
    .where(eq(photoVerifications.accountId, accountId))
    .orderBy(desc(photoVerifications.createdAt))
    .limit(1);
  return row;
}

/** Selfies waiting for an admin, oldest first (first come, first reviewed). */
export function listPending(db: DbOrTx) {
  return db
    .select({
      id: photoVerifications.id,
      accountId: photoVerifications.accountId,
      code: photoVerifications.code,
      publicId: photoVerifications.publicId,
      createdAt: photoVerifications.createdAt,
      nickname: accounts.nickname,
      url: accounts.url,
    })
    .from(photoVerifications)
    .innerJoin(accounts, eq(accounts.id, photoVerifications.accountId))
    .where(eq(photoVerifications.status, 'pendiente'))
    .orderBy(asc(photoVerifications.createdAt))
    .limit(200);
}

/** The pending verification, locked for the decision. */
export async function lockPending(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: photoVerifications.id,
      accountId: photoVerifications.accountId,
      status: photoVerifications.status,
      nickname: accounts.nickname,
      email: accounts.email,
    })
    .from(photoVerifications)
    .innerJoin(accounts, eq(accounts.id, photoVerifications.accountId))
    .where(eq(photoVerifications.id, id))
    .for('update', { of: photoVerifications })
    .limit(1);
  return row;
}

export async function decide(
  tx: DbOrTx,
  id: string,
  values: { status: 'aprobada' | 'rechazada'; motivo: string | null; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await tx.update(photoVerifications).set(values).where(eq(photoVerifications.id, id));
}

export async function findByPublicId(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({ accountId: photoVerifications.accountId, storageKey: photoVerifications.storageKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.publicId, publicId))
    .limit(1);
  return row;
}

/** Decided selfies whose bytes are still kept and whose decision is older than the cutoff. */
export function decidedBefore(db: DbOrTx, cutoff: Date) {
  return db
    .select({
      id: photoVerifications.id,
      accountId: photoVerifications.accountId,
      storageKey: photoVerifications.storageKey,
      nickname: accounts.nickname,
    })
    .from(photoVerifications)
    .innerJoin(accounts, eq(accounts.id, photoVerifications.accountId))
    .where(
      and(
        ne(photoVerifications.status, 'pendiente'),
        isNotNull(photoVerifications.storageKey),
        lte(photoVerifications.decidedAt, cutoff),
      ),
    )
    .limit(100);
}

/** Forgets the selfie's storage key if it is still the same one; true when this call did. */
export async function clearStorageKey(tx: DbOrTx, id: string, storageKey: string): Promise<boolean> {
  const rows = await tx
    .update(photoVerifications)
    .set({ storageKey: null })
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.storageKey, storageKey)))
    .returning({ id: photoVerifications.id });
  return rows.length > 0;
}

/** Every stored selfie of an account (its deletion removes the files after the rows). */
export async function storageKeysOf(tx: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: photoVerifications.storageKey })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.accountId, accountId), isNotNull(photoVerifications.storageKey)));
  return rows.map((r) => r.key!);
}
