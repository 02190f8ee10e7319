import { randomInt } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import { twoFactorLimits, type SecondFactorKind } from '@encanto/core/two-factor';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppError } from '../../errors.ts';
import { badRequest, conflict, forbidden, rateLimited, unauthorized } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import {
  bumpChallenge,
  claimStep,
  confirmTotp,
  countPasskeys,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteFactors,
  failuresSince,
  findLiveChallenge,
  findTotp,
  insertChallenge,
  putConfirmedTotp,
  recordFailure,
  replaceRecoveryCodes,
  upsertPendingTotp,
  useRecoveryCode,
  type ChallengePurpose,
  type LoginKind,
} from './queries.ts';
import { enrolmentData, matchingStep, newTotpSecret } from './totp.ts';

export type { LoginKind } from './queries.ts';
export { currentCode, isBase32Secret } from './totp.ts';

export interface Factors {
  totp: boolean;
  passkeys: number;
}

/** The confirmed factors of an account (a TOTP secret still waiting for its first code is not one). */
export async function factorsOf(db: DbOrTx, accountId: string): Promise<Factors> {
  const [totp, passkeys] = await Promise.all([findTotp(db, accountId), countPasskeys(db, accountId)]);
  return { totp: Boolean(totp?.confirmedAt), passkeys };
}

/** What the password step announces: which second factor the account can use, or null for none. */
export function factorKind(f: Factors): Exclude<SecondFactorKind, 'inscribir'> | null {
  if (f.totp && f.passkeys) return 'totp_o_passkey';
  if (f.totp) return 'totp';
  if (f.passkeys) return 'passkey';
  return null;
}

export async function twoFactorStatus(db: DbOrTx, accountId: string, kind: LoginKind) {
  const [f, codes] = await Promise.all([factorsOf(db, accountId), countUnusedRecoveryCodes(db, accountId)]);
  return { totp: f.totp, passkeys: f.passkeys, codigos_restantes: codes, obligatorio: kind === 'admin' };
}

// ---- Login challenges (`desafio`) --------------------------------------------------------------

/** Opens the step after a right password; only the SHA-256 of the returned `desafio` is stored. */
export async function openChallenge(
  db: DbOrTx,
  accountId: string,
  loginKind: LoginKind,
  purpose: ChallengePurpose,
): Promise<string> {
  const desafio = randomToken();
  await insertChallenge(db, {
    tokenHash: sha256(desafio),
    accountId,
    loginKind,
    purpose,
    expiresAt: new Date(Date.now() + twoFactorLimits.challengeTtlMs),
  });
  return desafio;
}

const expired = () => unauthorized(msg.secondFactorExpired, 'CHALLENGE_EXPIRED');

async function liveChallenge(db: DbOrTx, desafio: string, purpose: ChallengePurpose) {
  const row = await findLiveChallenge(db, sha256(desafio));
  if (!row || row.purpose !== purpose || row.attempts >= twoFactorLimits.wrongPerChallenge) throw expired();
  return row;
}

/** The account-wide window: 10 wrong codes per 15 minutes, whichever challenge they came through. */
async function guardAccount(db: DbOrTx, accountId: string): Promise<void> {
  const since = new Date(Date.now() - twoFactorLimits.accountWindowMs);
  if ((await failuresSince(db, accountId, since)) >= twoFactorLimits.wrongPerAccount) {
    throw rateLimited(msg.secondFactorTooMany, 'SECOND_FACTOR_LOCKED', twoFactorLimits.accountWindowMs);
  }
}

/** A wrong code: counted on the account and, when given, on the challenge (which dies at 5). */
async function wrongCode(db: DbOrTx, accountId: string, challengeId?: string): Promise<AppError> {
  await recordFailure(db, accountId);
  if (challengeId) {
    const attempts = await bumpChallenge(db, challengeId);
    if (attempts >= twoFactorLimits.wrongPerChallenge) await deleteChallenge(db, challengeId);
  }
  return unauthorized(msg.secondFactorWrong, 'SECOND_FACTOR_WRONG');
}

const isTotpShape = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
const normRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Checks a TOTP code or an unused recovery code against the account's confirmed factor. A TOTP
 * code of an already used step is refused as a replay (409, not counted as a guess).
 */
async function checkCode(db: DbOrTx, accountId: string, codigo: string, secret: string | null) {
  if (isTotpShape(codigo)) {
    if (!secret) return false;
    const step = matchingStep(secret, codigo.replace(/\s+/g, ''));
    if (step === null) return false;
    if (!(await claimStep(db, accountId, step))) throw conflict(msg.secondFactorReused, 'CODE_REUSED');
    return true;
  }
  return useRecoveryCode(db, accountId, sha256(normRecovery(codigo)));
}

/**
 * The second step of a login: `desafio` plus a code. On success the challenge is consumed and the
 * caller finishes the login route's answer for `loginKind`.
 */
export async function passSecondFactor(
  db: DbOrTx,
  desafio: string,
  codigo: string,
): Promise<{ accountId: string; loginKind: LoginKind }> {
  const challenge = await liveChallenge(db, desafio, 'verify');
  await guardAccount(db, challenge.accountId);
  const totp = await findTotp(db, challenge.accountId);
  const ok = await checkCode(db, challenge.accountId, codigo, totp?.confirmedAt ? totp.secret : null);
  if (!ok) throw await wrongCode(db, challenge.accountId, challenge.id);
  if (!(await deleteChallenge(db, challenge.id))) throw expired();
  return { accountId: challenge.accountId, loginKind: challenge.loginKind };
}

export { deleteChallenge, setChallengeWebauthn } from './queries.ts';

// ---- Enrolment ------------------------------------------------------------------------------------

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = (n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: twoFactorLimits.recoveryCodes }, () => `${pick(5)}-${pick(5)}`);
}

async function issueRecoveryCodes(db: DbOrTx, accountId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    accountId,
    codes.map((c) => sha256(normRecovery(c))),
  );
  return codes;
}

/** Step one of enrolment: a fresh secret (replacing an unconfirmed one) and its QR code. */
export async function startTotp(db: DbOrTx, accountId: string, issuer: string, label: string) {
  const existing = await findTotp(db, accountId);
  if (existing?.confirmedAt) throw conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON');
  const secret = newTotpSecret();
  if (!(await upsertPendingTotp(db, accountId, secret))) throw conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON');
  return enrolmentData(secret, issuer, label);
}

/**
 * Step two: the first code proves the app holds the secret. Turns the factor on, issues the 10
 * recovery codes (returned once, stored hashed) and ends the account's other sessions.
 */
export async function confirmTotpEnrolment(
  db: Db,
  accountId: string,
  codigo: string,
  keepSessionId?: string,
): Promise<string[]> {
  await guardAccount(db, accountId);
  const pending = await findTotp(db, accountId);
  if (!pending || pending.confirmedAt) {
    throw pending
      ? conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON')
      : badRequest(msg.totpNotPending, undefined, 'TOTP_NOT_PENDING');
  }
  const step = isTotpShape(codigo) ? matchingStep(pending.secret, codigo.replace(/\s+/g, '')) : null;
  if (step === null) throw await wrongCode(db, accountId);
  return db.transaction(async (tx) => {
    if (!(await claimStep(tx, accountId, step))) throw conflict(msg.secondFactorReused, 'CODE_REUSED');
    await confirmTotp(tx, accountId);
    const codes = await issueRecoveryCodes(tx, accountId);
    await revokeAllSessions(tx, accountId, keepSessionId);
    return codes;
  });
}

/** An admin's enrolment during login: `desafio` of purpose `enrol` instead of a session. */
export async function startAdminEnrolment(db: DbOrTx, desafio: string, issuer: string, label: string) {
  const challenge = await liveChallenge(db, desafio, 'enrol');
  return startTotp(db, challenge.accountId, issuer, label);
}

export async function enrolChallengeAccount(db: DbOrTx, desafio: string): Promise<string> {
  return (await liveChallenge(db, desafio, 'enrol')).accountId;
}

export async function confirmAdminEnrolment(db: Db, desafio: string, codigo: string) {
  const challenge = await liveChallenge(db, desafio, 'enrol');
  const pending = await findTotp(db, challenge.accountId);
  if (!pending || pending.confirmedAt) throw badRequest(msg.totpNotPending, undefined, 'TOTP_NOT_PENDING');
  await guardAccount(db, challenge.accountId);
  const step = isTotpShape(codigo) ? matchingStep(pending.secret, codigo.replace(/\s+/g, '')) : null;
  if (step === null) throw await wrongCode(db, challenge.accountId, challenge.id);
  const codes = await db.transaction(async (tx) => {
    if (!(await deleteChallenge(tx, challenge.id))) throw expired();
    await claimStep(tx, challenge.accountId, step);
    await confirmTotp(tx, challenge.accountId);
    const issued = await issueRecoveryCodes(tx, challenge.accountId);
    await revokeAllSessions(tx, challenge.accountId);
    return issued;
  });
  return { accountId: challenge.accountId, loginKind: challenge.loginKind, codes };
}

/**
 * Turns TOTP off (the password is checked by the route): a current code or a recovery code proves
 * the factor is in hand. Admins cannot: two-step login is mandatory for them. Other sessions end.
 */
export async function disableTotp(
  db: Db,
  account: { id: string; kind: LoginKind; sessionId: string },
  codigo: string,
): Promise<void> {
  if (account.kind === 'admin') throw forbidden(msg.adminFactorRequired, 'ADMIN_FACTOR_REQUIRED');
  const totp = await findTotp(db, account.id);
  if (!totp?.confirmedAt) throw conflict(msg.totpNotOn, 'TOTP_NOT_ON');
  await guardAccount(db, account.id);
  if (!(await checkCode(db, account.id, codigo, totp.secret))) throw await wrongCode(db, account.id);
  await db.transaction(async (tx) => {
    await deleteFactors(tx, account.id, { passkeys: false });
    await revokeAllSessions(tx, account.id, account.sessionId);
  });
}

/** ADMIN_TOTP_SECRET: the bootstrapped admin's secret is set (confirmed) from the environment. */
export async function setTotpSecret(db: DbOrTx, accountId: string, secret: string): Promise<void> {
  const existing = await findTotp(db, accountId);
  if (existing?.confirmedAt && existing.secret === secret) return;
  await putConfirmedTotp(db, accountId, secret);
}

/** `npm run admin -- reset-2fa`: every factor goes and every session ends; the next login enrols. */
export async function resetTwoFactor(db: Db, accountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteFactors(tx, accountId, { passkeys: true });
    await revokeAllSessions(tx, accountId);
  });
}

/** Finds a `verify` challenge without consuming it (the passkey step reads the account). */
export const challengeFor = liveChallenge;

/**
 * A passkey as the second step: the challenge's WebAuthn challenge must have been handed out
 * (secondStepOptions) and the passkey must belong to the challenge's account. A failure counts as
 * a wrong code.
 */
export async function passSecondFactorWithPasskey(
  db: DbOrTx,
  desafio: string,
  verify: (expectedChallenge: string) => Promise<string>,
): Promise<{ accountId: string; loginKind: LoginKind }> {
  const challenge = await liveChallenge(db, desafio, 'verify');
  await guardAccount(db, challenge.accountId);
  if (!challenge.webauthnChallenge) throw expired();
  const accountId = await verify(challenge.webauthnChallenge).catch(() => null);
  if (accountId !== challenge.accountId) throw await wrongCode(db, challenge.accountId, challenge.id);
  if (!(await deleteChallenge(db, challenge.id))) throw expired();
  return { accountId: challenge.accountId, loginKind: challenge.loginKind };
}
