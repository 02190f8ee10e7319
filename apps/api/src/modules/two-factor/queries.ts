import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  loginChallenges,
  passkeys,
  secondFactorFailures,
  totpFactors,
  twoFactorRecoveryCodes,
  webauthnChallenges,
} from '../../db/schema/index.ts';

export type LoginKind = 'client' | 'escort' | 'admin';
export type ChallengePurpose = 'verify' | 'enrol';

export async function findTotp(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.accountId, accountId));
  return row;
}

export async function countPasskeys(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.accountId, accountId));
  return Number(row?.n ?? 0);
}

export async function countUnusedRecoveryCodes(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.accountId, accountId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A pending (unconfirmed) secret replaces any earlier pending one; a confirmed one is left alone. */
export async function upsertPendingTotp(
  db: DbOrTx,
  accountId: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ accountId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.accountId,
      set: { secret, lastStep: null, createdAt: now },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ accountId: totpFactors.accountId });
  return rows.length > 0;
}

/** Sets a confirmed secret outright (ADMIN_TOTP_SECRET). */
export async function putConfirmedTotp(db: DbOrTx, accountId: string, secret: string, now: Date) {
  await db
    .insert(totpFactors)
    .values({ accountId, secret, confirmedAt: now })
    .onConflictDoUpdate({
      target: totpFactors.accountId,
      set: { secret, confirmedAt: now, lastStep: null },
    });
}

export async function confirmTotp(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  await db.update(totpFactors).set({ confirmedAt: now }).where(eq(totpFactors.accountId, accountId));
}

/** Every stored secret, for sealing the ones written before secrets were encrypted. */
export const allTotpSecrets = (db: DbOrTx) =>
  db.select({ accountId: totpFactors.accountId, secret: totpFactors.secret }).from(totpFactors);

export async function replaceTotpSecret(db: DbOrTx, accountId: string, from: string, to: string) {
  await db
    .update(totpFactors)
    .set({ secret: to })
    .where(and(eq(totpFactors.accountId, accountId), eq(totpFactors.secret, from)));
}

/** Claims a step atomically: only a step later than the last used one passes (no replay, no race). */
export async function claimStep(db: DbOrTx, accountId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.accountId, accountId),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ accountId: totpFactors.accountId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, accountId: string, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

/** Marks an unused recovery code used; false when it does not exist or was used already. */
export async function useRecoveryCode(
  db: DbOrTx,
  accountId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.accountId, accountId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

/** Removes every factor of an account: TOTP, recovery codes and passkeys. */
export async function deleteFactors(db: DbOrTx, accountId: string, options: { passkeys: boolean }) {
  await db.delete(totpFactors).where(eq(totpFactors.accountId, accountId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  if (options.passkeys) await db.delete(passkeys).where(eq(passkeys.accountId, accountId));
}

// ---- Login challenges ---------------------------------------------------------------------------

export async function insertChallenge(
  db: DbOrTx,
  values: {
    tokenHash: string;
    accountId: string;
    loginKind: LoginKind;
    purpose: ChallengePurpose;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  // Expired challenges are swept by whoever opens a new one: the table stays tiny without a job.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db.insert(loginChallenges).values(values);
}

export async function findLiveChallenge(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)));
  return row;
}

export async function setChallengeWebauthn(db: DbOrTx, id: string, challenge: string): Promise<void> {
  await db.update(loginChallenges).set({ webauthnChallenge: challenge }).where(eq(loginChallenges.id, id));
}

/** Counts a wrong code on the challenge; returns the attempts so far. */
export async function bumpChallenge(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ attempts: loginChallenges.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Consumes a challenge; false when another request consumed it first. */
export async function deleteChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, id))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

// ---- Wrong-code window --------------------------------------------------------------------------

export async function recordFailure(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  await db.insert(secondFactorFailures).values({ accountId, createdAt: now });
}

export async function failuresSince(db: DbOrTx, accountId: string, since: Date, now: Date): Promise<number> {
  await db
    .delete(secondFactorFailures)
    .where(lt(secondFactorFailures.createdAt, new Date(now.getTime() - 24 * 3600_000)));
  const [row] = await db
    .select({ n: count() })
    .from(secondFactorFailures)
    .where(and(eq(secondFactorFailures.accountId, accountId), gt(secondFactorFailures.createdAt, since)));
  return Number(row?.n ?? 0);
}

// ---- Passkeys -----------------------------------------------------------------------------------

export const listPasskeys = (db: DbOrTx, accountId: string) =>
  db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(passkeys.createdAt);

export async function findPasskeyByCredential(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert): Promise<string> {
  const [row] = await db.insert(passkeys).values(values).returning({ id: passkeys.id });
  return row!.id;
}

export async function touchPasskey(db: DbOrTx, id: string, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.accountId, accountId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function insertWebauthnChallenge(
  db: DbOrTx,
  values: { challenge: string; accountId: string | null; purpose: 'register' | 'login'; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(values);
}

/** Takes (deletes and returns) a live challenge: each one verifies at most one response. */
export async function takeWebauthnChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: 'register' | 'login',
  now: Date,
) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
