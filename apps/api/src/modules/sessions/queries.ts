import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { accounts, sessions } from '../../db/schema/index.ts';

/** `createdAt` and `lastSeenAt` come from the clock: the 90-day cap and the sliding expiry count from them. */
export async function insertSession(
  db: DbOrTx,
  values: {
    accountId: string;
    tokenHash: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    secondFactor: boolean;
    userAgent: string;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * Stamps the account's activity (accounts.last_active_at) and cancels an
 * inactivity notice already mailed. Written here, not through accounts'
 * service: accounts signs in through sessions, so sessions cannot import it.
 */
export async function markActive(db: DbOrTx, accountId: string, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ lastActiveAt: now, inactivityNoticeAt: null })
    .where(eq(accounts.id, accountId));
}

/** Every request made under a session runs this: built once (db/prepared.ts). */
const sessionQuery = (db: DbOrTx, name: string) =>
  db
    .select({
      sessionId: sessions.id,
      secondFactor: sessions.secondFactor,
      reauthAt: sessions.reauthAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      id: accounts.id,
      kind: accounts.kind,
      nickname: accounts.nickname,
      rut: accounts.rut,
      email: accounts.email,
      autorizado: accounts.autorizado,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('oldest')),
      ),
    )
    .limit(1)
    .prepare(name);

/** The live session with this token hash and its account, or undefined. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date, oldest: Date) {
  const [row] = await preparedOn(db, 'resolve_session', sessionQuery).execute({
    hash: tokenHash,
    now,
    oldest,
  });
  return row;
}

export async function slideSession(db: DbOrTx, sessionId: string, lastSeenAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function setReauthAt(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ reauthAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteByTokenHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of an account, except optionally one. */
export async function deleteAllOf(db: DbOrTx, accountId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId))
        : eq(sessions.accountId, accountId),
    );
}

/** The account's sessions alive at `now` (and younger than `oldest`), newest activity first. */
export function liveSessionsOf(db: DbOrTx, accountId: string, now: Date, oldest: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(eq(sessions.accountId, accountId), gt(sessions.expiresAt, now), gt(sessions.createdAt, oldest)),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one of the account's sessions by id; false when it is not (or no longer) hers. */
export async function deleteOneOf(db: DbOrTx, accountId: string, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}
