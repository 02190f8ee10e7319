import { timings, type AccountKind, type Autorizado } from '@encanto/core/constants';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import {
  deleteAllOf,
  deleteByTokenHash,
  deleteOneOf,
  findLiveSession,
  insertSession,
  liveSessionsOf,
  markActive,
  setReauthAt,
  slideSession,
} from './queries.ts';

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

/**
 * Opaque token for the browser; only its SHA-256 is stored, so a database leak yields no usable session.
 * `now`: the clock's time of the sign-in, from which the session's lifetimes count.
 */
export async function createSession(
  db: DbOrTx,
  accountId: string,
  now: Date,
  options: SessionOptions = {},
): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    accountId,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + timings.sessionTtlMs),
    secondFactor: options.secondFactor ?? false,
    userAgent: (options.userAgent ?? '').slice(0, 400),
  });
  // Signing in or using a session is the activity a pending account's retention counts from
  // (data-rights/inactive-accounts.ts); it also cancels an inactivity notice already mailed.
  await markActive(db, accountId, now);
  return token;
}

/**
 * The account behind a token. A session lives 30 days from its last use (slid
 * at most once an hour) and never more than 90 days from login, so a stolen
 * token in daily use still dies.
 */
export async function resolveSession(db: DbOrTx, token: string, now: Date): Promise<SessionAccount | null> {
  const row = await findLiveSession(
    db,
    sha256(token),
    now,
    new Date(now.getTime() - timings.sessionMaxAgeMs),
  );
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
    await slideSession(db, row.sessionId, now, new Date(expiresAt));
    await markActive(db, row.id, now);
  }
  const { lastSeenAt: _seen, createdAt: _created, ...account } = row;
  return account;
}

/** The holder just proved it is her: factor changes are open to this session for a few minutes. */
export async function markReauthenticated(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await setReauthAt(db, sessionId, now);
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await deleteByTokenHash(db, sha256(token));
}

/** Revokes every session of an account, except optionally the one making the change. */
export async function revokeAllSessions(
  db: DbOrTx,
  accountId: string,
  keepSessionId?: string,
): Promise<void> {
  await deleteAllOf(db, accountId, keepSessionId);
}

/** The account's live sessions, newest activity first, for "Sesiones activas". */
export async function listSessions(db: DbOrTx, accountId: string, now: Date) {
  return liveSessionsOf(db, accountId, now, new Date(now.getTime() - timings.sessionMaxAgeMs));
}

/** Ends one of the account's sessions by id; false when it is not (or no longer) hers. */
export async function revokeSessionById(db: DbOrTx, accountId: string, sessionId: string): Promise<boolean> {
  return deleteOneOf(db, accountId, sessionId);
}
