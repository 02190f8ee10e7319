import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { timings, type AccountKind, type Autorizado } from '@encanto/core/constants';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { accounts, sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

export interface SessionAccount {
  id: string;
  kind: AccountKind;
  nickname: string;
  rut: string;
  email: string;
  autorizado: Autorizado;
  sessionId: string;
  /** Whether the login behind this session passed a second factor. */
  secondFactor: boolean;
  /** When the holder last gave a proof (password or a factor's code) under this session. */
  reauthAt: Date | null;
}

export interface SessionOptions {
  /** The login passed a second factor (TOTP, recovery code or passkey). */
  secondFactor?: boolean;
  /** The User-Agent at login, shown coarsely in the session list. */
  userAgent?: string | undefined;
}

const SLIDE_AFTER_MS = 60 * 60 * 1000;

/** Opaque token for the browser; only its SHA-256 is stored, so a database leak yields no usable session. */
export async function createSession(
  db: DbOrTx,
  accountId: string,
  options: SessionOptions = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    accountId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + timings.sessionTtlMs),
    secondFactor: options.secondFactor ?? false,
    userAgent: (options.userAgent ?? '').slice(0, 400),
  });
  await markActive(db, accountId, new Date());
  return token;
}

/**
 * Signing in or using a session is the activity a pending account's
 * retention counts from (data-rights/inactive-accounts.ts); it also cancels
 * an inactivity notice already mailed.
 */
async function markActive(db: DbOrTx, accountId: string, now: Date): Promise<void> {
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

/**
 * The account behind a token. A session lives 30 days from its last use (slid
 * at most once an hour) and never more than 90 days from login, so a stolen
 * token in daily use still dies.
 */
export async function resolveSession(db: DbOrTx, token: string): Promise<SessionAccount | null> {
  const now = new Date();
  const [row] = await preparedOn(db, 'resolve_session', sessionQuery).execute({
    hash: sha256(token),
    now,
    oldest: new Date(now.getTime() - timings.sessionMaxAgeMs),
  });
  if (!row) return null;
  // An administrator's session counts only if its login passed the second factor: one opened by a
  // password alone (a session from before two-step login existed) answers as no session at all.
  if (row.kind === 'admin' && !row.secondFactor) return null;
  // Sliding expiry, written at most once an hour per session to keep reads cheap.
  if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    const expiresAt = Math.min(
      now.getTime() + timings.sessionTtlMs,
      row.createdAt.getTime() + timings.sessionMaxAgeMs,
    );
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, row.sessionId));
    await markActive(db, row.id, now);
  }
  const { lastSeenAt: _seen, createdAt: _created, ...account } = row;
  return account;
}

/** The holder just proved it is her: factor changes are open to this session for a few minutes. */
export async function markReauthenticated(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ reauthAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Revokes every session of an account, except optionally the one making the change. */
export async function revokeAllSessions(
  db: DbOrTx,
  accountId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId))
        : eq(sessions.accountId, accountId),
    );
}

/** The account's live sessions, newest activity first, for "Sesiones activas". */
export async function listSessions(db: DbOrTx, accountId: string) {
  const now = new Date();
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - timings.sessionMaxAgeMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the account's sessions by id; false when it is not (or no longer) hers. */
export async function revokeSessionById(db: DbOrTx, accountId: string, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}
