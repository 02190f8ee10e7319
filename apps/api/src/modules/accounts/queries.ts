import { and, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountKind } from '@encanto/core/constants';
import { consentKindValues, consentVersions } from '@encanto/core/consent';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { accounts, consents, escortProfiles } from '../../db/schema/index.ts';

export type { AccountKind };
export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type EscortProfileRow = typeof escortProfiles.$inferSelect;

/** An account as other features see it: every column but the password hash, and the escort profile if any. */
export type NicknameAccount = Omit<AccountRow, 'passHash'> & {
  profile: Omit<EscortProfileRow, 'searchDoc' | 'searchDetails'> | null;
};

const { passHash: _passHash, ...accountColumns } = getTableColumns(accounts);

/** The form of an e-mail the `email_norm` column holds (and every lookup by e-mail compares). */
export const normEmail = (email: string) => email.trim().toLowerCase();

/**
 * The nickname match, case-insensitive on both sides: the same expression as
 * the unique index accounts_nickname_key (lower(nickname)), which serves it.
 */
export const nicknameIs = (nickname: string): SQL => sql`lower(${accounts.nickname}) = lower(${nickname})`;

/**
 * The one lookup by nickname, for every feature: the account (optionally of
 * one kind) with its escort profile (null for clients and admins).
 */
// The text search's documents (decisions 0163, 0196) are the search's alone: never read with a profile.
const {
  searchDoc: _searchDoc,
  searchDetails: _searchDetails,
  ...profileColumns
} = getTableColumns(escortProfiles);

export async function findAccountByNickname(
  db: DbOrTx,
  nickname: string,
  kind?: AccountKind,
): Promise<NicknameAccount | undefined> {
  const [row] = await db
    .select({ ...accountColumns, profile: profileColumns })
    .from(accounts)
    .leftJoin(escortProfiles, eq(escortProfiles.accountId, accounts.id))
    .where(kind ? and(nicknameIs(nickname), eq(accounts.kind, kind)) : nicknameIs(nickname))
    .limit(1);
  return row;
}

export async function insertAccount(db: DbOrTx, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

/** The registration's consents, each with the version of the text that was shown. */
export async function insertConsents(db: DbOrTx, accountId: string, at: Date): Promise<void> {
  await db
    .insert(consents)
    .values(
      consentKindValues.map((kind) => ({ accountId, kind, version: consentVersions[kind], acceptedAt: at })),
    );
}

export async function insertEscortProfile(db: DbOrTx, accountId: string, key: string): Promise<void> {
  await db.insert(escortProfiles).values({ accountId, cityKey: key });
}

export async function findByEmail(
  db: DbOrTx,
  emailNorm: string,
  kind?: AccountKind,
): Promise<AccountRow | undefined> {
  const where = kind
    ? and(eq(accounts.emailNorm, emailNorm), eq(accounts.kind, kind))
    : eq(accounts.emailNorm, emailNorm);
  const [row] = await db.select().from(accounts).where(where).limit(1);
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** Both rows whole (60 columns): built once (db/prepared.ts), it is read on every own-profile page. */
const escortWithProfile = (db: DbOrTx, name: string) =>
  db
    .select({ account: accounts, profile: escortProfiles })
    .from(accounts)
    .innerJoin(escortProfiles, eq(escortProfiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name);

export async function findEscortWithProfile(db: DbOrTx, accountId: string) {
  const [row] = await preparedOn(db, 'escort_with_profile', escortWithProfile).execute({ id: accountId });
  return row;
}

export interface TakenKeys {
  rutNorm?: string;
  emailNorm?: string;
  nickname?: string;
}

/** True when any account (of any kind: uniqueness spans every population) uses one of the values. */
export function anyTaken(db: DbOrTx, keys: TakenKeys): Promise<boolean> {
  return anyTakenOfKind(db, undefined, keys);
}

export async function anyTakenOfKind(
  db: DbOrTx,
  kind: AccountKind | undefined,
  keys: TakenKeys,
): Promise<boolean> {
  const conditions: SQL[] = [];
  if (keys.rutNorm) conditions.push(eq(accounts.rutNorm, keys.rutNorm));
  if (keys.emailNorm) conditions.push(eq(accounts.emailNorm, keys.emailNorm));
  if (keys.nickname) conditions.push(nicknameIs(keys.nickname));
  if (conditions.length === 0) return false;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(kind ? and(eq(accounts.kind, kind), or(...conditions)) : or(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function updatePassHash(
  db: DbOrTx,
  accountId: string,
  passHash: string,
  now: Date,
): Promise<void> {
  await db.update(accounts).set({ passHash, updatedAt: now }).where(eq(accounts.id, accountId));
}

export async function findByRutKey(
  db: DbOrTx,
  rutNorm: string,
  kind: AccountKind,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.rutNorm, rutNorm), eq(accounts.kind, kind)))
    .limit(1);
  return row;
}

/** Where staff mail goes: every admin account's address. */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.kind, 'admin'));
  return rows.map((r) => r.email);
}

/**
 * Recomputes the derived `listed` and `public` flags of an escort from their inputs. Every service
 * that changes one of them calls this in the same transaction. `public` (the card exists): approved,
 * not paused, not suspended. `listed` (who every listing shows, decision 0153): public, disponible,
 * and a complete profile: a photo of her own (`has_photo`, which the search triggers copy from her
 * url: not the default avatar) and a display name.
 */
export async function syncEscortVisibility(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  const approved = sql`(select ${accounts.autorizado} = 'aprobado' from ${accounts} where ${accounts.id} = ${accountId})`;
  const named = sql`(select btrim(${accounts.apellido}) <> '' from ${accounts} where ${accounts.id} = ${accountId})`;
  const isPublic = sql`${approved} and not ${escortProfiles.paused} and not ${escortProfiles.suspended}`;
  await db
    .update(escortProfiles)
    .set({
      public: isPublic,
      listed: sql`${isPublic} and ${escortProfiles.estado} = 'disponible' and ${escortProfiles.hasPhoto} and ${named}`,
      updatedAt: now,
    })
    .where(eq(escortProfiles.accountId, accountId));
}

/** The "fotos verificadas" badge of an escort (false for an account without a profile). */
export async function photosVerified(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ v: escortProfiles.fotosVerificadas })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, accountId))
    .limit(1);
  return row?.v ?? false;
}

/** Sets the badge; a no-op when it already has that value. */
export function setPhotosVerified(db: DbOrTx, accountId: string, value: boolean) {
  return db
    .update(escortProfiles)
    .set({ fotosVerificadas: value })
    .where(and(eq(escortProfiles.accountId, accountId), ne(escortProfiles.fotosVerificadas, value)))
    .returning({ accountId: escortProfiles.accountId });
}
