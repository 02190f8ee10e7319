import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AccountKind, Autorizado } from '@encanto/core/constants';
import { isValidRut, normalizeRut } from '@encanto/core/rut';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, identityDocuments } from '../../db/schema/index.ts';

export interface ValidationAccount {
  id: string;
  kind: AccountKind;
  rut: string;
  nombre: string;
  nickname: string;
  email: string;
  fechaNac: string;
  autorizado: Autorizado;
  motivo: string | null;
}

const accountColumns = {
  id: accounts.id,
  kind: accounts.kind,
  rut: accounts.rut,
  nombre: accounts.nombre,
  nickname: accounts.nickname,
  email: accounts.email,
  fechaNac: accounts.fechaNac,
  autorizado: accounts.autorizado,
  motivo: accounts.motivo,
};

/** `{id}` in the spec's paths is the RUT as registered; a valid RUT also matches in any formatting. */
function rutMatches(id: string): SQL {
  const exact = eq(accounts.rut, id);
  return isValidRut(id) ? (or(exact, eq(accounts.rutNorm, normalizeRut(id))) as SQL) : exact;
}

export async function findByRut(
  db: DbOrTx,
  kind: 'escort' | 'client',
  id: string,
): Promise<ValidationAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.kind, kind), rutMatches(id)))
    .limit(1);
  return row;
}

export interface PendingRow extends ValidationAccount {
  documento: string | null;
  createdAt: Date;
}

/** Pending accounts of one kind, oldest first (served in arrival order); uses accounts_pending_idx. */
export async function listPending(db: DbOrTx, kind: 'escort' | 'client'): Promise<PendingRow[]> {
  return db
    .select({ ...accountColumns, documento: identityDocuments.publicId, createdAt: accounts.createdAt })
    .from(accounts)
    .leftJoin(identityDocuments, eq(identityDocuments.accountId, accounts.id))
    .where(and(eq(accounts.kind, kind), eq(accounts.autorizado, 'pendiente')))
    .orderBy(asc(accounts.createdAt))
    .limit(500);
}

export interface DocumentRow {
  accountId: string;
  storageKey: string;
  publicId: string;
}

export async function findDocumentByAccount(db: DbOrTx, accountId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select({
      accountId: identityDocuments.accountId,
      storageKey: identityDocuments.storageKey,
      publicId: identityDocuments.publicId,
    })
    .from(identityDocuments)
    .where(eq(identityDocuments.accountId, accountId))
    .limit(1);
  return row;
}

export async function findDocumentByPublicId(
  db: DbOrTx,
  publicId: string,
): Promise<(DocumentRow & { autorizado: 'pendiente' | 'aprobado' }) | undefined> {
  const [row] = await db
    .select({
      accountId: identityDocuments.accountId,
      storageKey: identityDocuments.storageKey,
      publicId: identityDocuments.publicId,
      autorizado: accounts.autorizado,
    })
    .from(identityDocuments)
    .innerJoin(accounts, eq(accounts.id, identityDocuments.accountId))
    .where(eq(identityDocuments.publicId, publicId))
    .limit(1);
  return row;
}

export async function insertDocument(
  db: DbOrTx,
  values: {
    accountId: string;
    storageKey: string;
    publicId: string;
    width: number;
    height: number;
    phash: bigint;
  },
): Promise<void> {
  await db
    .insert(identityDocuments)
    .values({ ...values, width: String(values.width), height: String(values.height) });
}

export async function deleteDocumentRow(
  db: DbOrTx,
  accountId: string,
  publicId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .delete(identityDocuments)
    .where(and(eq(identityDocuments.accountId, accountId), eq(identityDocuments.publicId, publicId)))
    .returning({
      accountId: identityDocuments.accountId,
      storageKey: identityDocuments.storageKey,
      publicId: identityDocuments.publicId,
    });
  return row;
}

export async function setMotivo(
  db: DbOrTx,
  accountId: string,
  motivo: string | null,
  now: Date,
): Promise<void> {
  await db.update(accounts).set({ motivo, updatedAt: now }).where(eq(accounts.id, accountId));
}

/** Approves only a pending account, so two admins clicking at once record one decision. */
export async function approve(db: DbOrTx, accountId: string, motivo: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ autorizado: 'aprobado', approvedAt: now, motivo, updatedAt: now })
    .where(and(eq(accounts.id, accountId), eq(accounts.autorizado, 'pendiente')))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** Dates the account's current document as rejected, once: a second rejection does not postpone its deletion. */
export async function markDocumentRejected(db: DbOrTx, accountId: string, at: Date): Promise<void> {
  await db
    .update(identityDocuments)
    .set({ rejectedAt: at })
    .where(and(eq(identityDocuments.accountId, accountId), isNull(identityDocuments.rejectedAt)));
}
