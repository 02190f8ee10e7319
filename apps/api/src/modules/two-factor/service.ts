import { randomInt } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import { twoFactorLimits, type SecondFactorKind } from '@encanto/core/two-factor';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AppError } from '../../errors.ts';
import { badRequest, conflict, forbidden, rateLimited, unauthorized } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { recordSecurityNotice, type NoticeSubject } from './notices.ts';
import {
  allTotpSecrets,
  bumpChallenge,
  claimStep,
  confirmTotp,
  countPasskeys,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteFactors,
  deletePasskey,
  failuresSince,
  findLiveChallenge,
  findTotp,
  insertChallenge,
  putConfirmedTotp,
  recordFailure,
  replaceRecoveryCodes,
  replaceTotpSecret,
  upsertPendingTotp,
  useRecoveryCode,
  type ChallengePurpose,
  type LoginKind,
} from './queries.ts';
import { isSealed, openSecret, sealSecret } from './secret-box.ts';
import { enrolmentData, matchingStep, newTotpSecret } from './totp.ts';

export { noteSignIn, takeSecurityNotice } from './notices.ts';
export {
  loginOptions,
  passkeyList,
  passkeyLogin,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  secondStepOptions,
  verifyAssertion,
} from './passkeys.ts';

/** What the two-step rules read: the database, the clock, and the config (the key sealing TOTP secrets). */
export type TwoFactorDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

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

/** The confirmed secret in clear, or null when the account has no confirmed TOTP. */
async function confirmedSecret(deps: TwoFactorDeps, db: DbOrTx, accountId: string): Promise<string | null> {
  const totp = await findTotp(db, accountId);
  return totp?.confirmedAt ? openSecret(deps.config, accountId, totp.secret) : null;
}

// ---- Login challenges (`desafio`) --------------------------------------------------------------

/** Opens the step after a right password; only the SHA-256 of the returned `desafio` is stored. */
export async function openChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  loginKind: LoginKind,
  purpose: ChallengePurpose,
): Promise<string> {
  const desafio = randomToken();
  const now = deps.clock.now();
  await insertChallenge(
    deps.db,
    {
      tokenHash: sha256(desafio),
      accountId,
      loginKind,
      purpose,
      expiresAt: new Date(now.getTime() + twoFactorLimits.challengeTtlMs),
    },
    now,
  );
  return desafio;
}

const expired = () => unauthorized(msg.secondFactorExpired, 'CHALLENGE_EXPIRED');

async function liveChallenge(deps: Pick<Deps, 'db' | 'clock'>, desafio: string, purpose: ChallengePurpose) {
  const row = await findLiveChallenge(deps.db, sha256(desafio), deps.clock.now());
  if (!row || row.purpose !== purpose || row.attempts >= twoFactorLimits.wrongPerChallenge) throw expired();
  return row;
}

/** The account-wide window: 10 wrong codes per 15 minutes, whichever challenge they came through. */
async function guardAccount(deps: Pick<Deps, 'db' | 'clock'>, accountId: string): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - twoFactorLimits.accountWindowMs);
  if ((await failuresSince(deps.db, accountId, since, now)) >= twoFactorLimits.wrongPerAccount) {
    throw rateLimited(msg.secondFactorTooMany, 'SECOND_FACTOR_LOCKED', twoFactorLimits.accountWindowMs);
  }
}

/** A wrong code: counted on the account and, when given, on the challenge (which dies at 5). */
async function wrongCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  challengeId?: string,
): Promise<AppError> {
  await recordFailure(deps.db, accountId, deps.clock.now());
  if (challengeId) {
    const attempts = await bumpChallenge(deps.db, challengeId);
    if (attempts >= twoFactorLimits.wrongPerChallenge) await deleteChallenge(deps.db, challengeId);
  }
  return unauthorized(msg.secondFactorWrong, 'SECOND_FACTOR_WRONG');
}

const isTotpShape = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
const normRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Checks a TOTP code or an unused recovery code against the account's confirmed factor. A TOTP
 * code of an already used step is refused as a replay (409, not counted as a guess).
 */
async function checkCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  codigo: string,
  secret: string | null,
) {
  const now = deps.clock.now();
  if (isTotpShape(codigo)) {
    if (!secret) return false;
    const step = matchingStep(secret, codigo.replace(/\s+/g, ''), now.getTime());
    if (step === null) return false;
    if (!(await claimStep(deps.db, accountId, step))) throw conflict(msg.secondFactorReused, 'CODE_REUSED');
    return true;
  }
  return useRecoveryCode(deps.db, accountId, sha256(normRecovery(codigo)), now);
}

/**
 * A code of a factor the account already has (its app, or an unused recovery code), as the proof a
 * factor change asks for; counted in the account's wrong-code window like any second step.
 */
export async function checkOwnCode(deps: TwoFactorDeps, accountId: string, codigo: string): Promise<void> {
  await guardAccount(deps, accountId);
  const secret = await confirmedSecret(deps, deps.db, accountId);
  if (!(await checkCode(deps, accountId, codigo, secret))) throw await wrongCode(deps, accountId);
}

/**
 * The second step of a login: `desafio` plus a code. On success the challenge is consumed and the
 * caller finishes the login route's answer for `loginKind`.
 */
export async function passSecondFactor(
  deps: TwoFactorDeps,
  desafio: string,
  codigo: string,
): Promise<{ accountId: string; loginKind: LoginKind }> {
  const challenge = await liveChallenge(deps, desafio, 'verify');
  await guardAccount(deps, challenge.accountId);
  const secret = await confirmedSecret(deps, deps.db, challenge.accountId);
  const ok = await checkCode(deps, challenge.accountId, codigo, secret);
  if (!ok) throw await wrongCode(deps, challenge.accountId, challenge.id);
  if (!(await deleteChallenge(deps.db, challenge.id))) throw expired();
  return { accountId: challenge.accountId, loginKind: challenge.loginKind };
}

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
export async function startTotp(deps: TwoFactorDeps, accountId: string, issuer: string, label: string) {
  const existing = await findTotp(deps.db, accountId);
  if (existing?.confirmedAt) throw conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON');
  const secret = newTotpSecret();
  const sealed = await sealSecret(deps.config, accountId, secret);
  if (!(await upsertPendingTotp(deps.db, accountId, sealed, deps.clock.now()))) {
    throw conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON');
  }
  return enrolmentData(secret, issuer, label);
}

/** The pending secret's step a first code matches, or the error to answer with. */
async function pendingStep(deps: TwoFactorDeps, accountId: string, codigo: string, challengeId?: string) {
  const pending = await findTotp(deps.db, accountId);
  if (!pending || pending.confirmedAt) {
    throw pending
      ? conflict(msg.totpAlreadyOn, 'TOTP_ALREADY_ON')
      : badRequest(msg.totpNotPending, undefined, 'TOTP_NOT_PENDING');
  }
  await guardAccount(deps, accountId);
  const secret = await openSecret(deps.config, accountId, pending.secret);
  const now = deps.clock.now().getTime();
  const step = isTotpShape(codigo) ? matchingStep(secret, codigo.replace(/\s+/g, ''), now) : null;
  if (step === null) throw await wrongCode(deps, accountId, challengeId);
  return step;
}

/**
 * Step two: the first code proves the app holds the secret. Turns the factor on, issues the 10
 * recovery codes (returned once, stored hashed), ends the account's other sessions and mails the
 * owner. The caller has checked the fresh proof.
 */
export async function confirmTotpEnrolment(
  deps: TwoFactorDeps,
  account: NoticeSubject & { sessionId?: string },
  codigo: string,
): Promise<string[]> {
  const step = await pendingStep(deps, account.id, codigo);
  return deps.db.transaction(async (tx) => {
    if (!(await claimStep(tx, account.id, step))) throw conflict(msg.secondFactorReused, 'CODE_REUSED');
    await confirmTotp(tx, account.id, deps.clock.now());
    const codes = await issueRecoveryCodes(tx, account.id);
    await revokeAllSessions(tx, account.id, account.sessionId);
    await recordSecurityNotice(tx, deps, account, 'totp_added', 'totp');
    return codes;
  });
}

export async function enrolChallengeAccount(
  deps: Pick<Deps, 'db' | 'clock'>,
  desafio: string,
): Promise<string> {
  return (await liveChallenge(deps, desafio, 'enrol')).accountId;
}

export async function confirmAdminEnrolment(
  deps: TwoFactorDeps,
  desafio: string,
  codigo: string,
  notice: Omit<NoticeSubject, 'id'>,
) {
  const challenge = await liveChallenge(deps, desafio, 'enrol');
  const step = await pendingStep(deps, challenge.accountId, codigo, challenge.id);
  const codes = await deps.db.transaction(async (tx) => {
    if (!(await deleteChallenge(tx, challenge.id))) throw expired();
    await claimStep(tx, challenge.accountId, step);
    await confirmTotp(tx, challenge.accountId, deps.clock.now());
    const issued = await issueRecoveryCodes(tx, challenge.accountId);
    await revokeAllSessions(tx, challenge.accountId);
    await recordSecurityNotice(tx, deps, { ...notice, id: challenge.accountId }, 'totp_added', 'totp');
    return issued;
  });
  return { accountId: challenge.accountId, loginKind: challenge.loginKind, codes };
}

/**
 * Turns TOTP off (the caller has checked the password): a current code or a recovery code proves
 * the factor is in hand. Admins cannot: two-step login is mandatory for them. Other sessions end.
 */
export async function disableTotp(
  deps: TwoFactorDeps,
  account: NoticeSubject & { kind: LoginKind; sessionId: string },
  codigo: string,
): Promise<void> {
  if (account.kind === 'admin') throw forbidden(msg.adminFactorRequired, 'ADMIN_FACTOR_REQUIRED');
  const totp = await findTotp(deps.db, account.id);
  if (!totp?.confirmedAt) throw conflict(msg.totpNotOn, 'TOTP_NOT_ON');
  await checkOwnCode(deps, account.id, codigo);
  await deps.db.transaction(async (tx) => {
    await deleteFactors(tx, account.id, { passkeys: false });
    await revokeAllSessions(tx, account.id, account.sessionId);
    await recordSecurityNotice(tx, deps, account, 'totp_removed');
  });
}

/** New recovery codes replace every earlier one (the caller has checked the fresh proof). */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  account: NoticeSubject & { sessionId: string },
): Promise<string[]> {
  if (!(await factorsOf(deps.db, account.id)).totp) throw conflict(msg.totpNotOn, 'TOTP_NOT_ON');
  return deps.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, account.id);
    await revokeAllSessions(tx, account.id, account.sessionId);
    await recordSecurityNotice(tx, deps, account, 'codes_renewed');
    return codes;
  });
}

/**
 * Takes back a factor that a "no fui yo" link names: the TOTP app (with its recovery codes) or one
 * passkey. Nothing when it is already gone.
 */
export async function removeNamedFactor(tx: DbOrTx, accountId: string, factorRef: string): Promise<void> {
  if (factorRef === 'totp') await deleteFactors(tx, accountId, { passkeys: false });
  else await deletePasskey(tx, accountId, factorRef);
}

/** ADMIN_TOTP_SECRET: the bootstrapped admin's secret is set (confirmed) from the environment. */
export async function setTotpSecret(deps: TwoFactorDeps, accountId: string, secret: string): Promise<void> {
  const existing = await findTotp(deps.db, accountId);
  if (existing?.confirmedAt && (await openSecret(deps.config, accountId, existing.secret)) === secret) return;
  await putConfirmedTotp(
    deps.db,
    accountId,
    await sealSecret(deps.config, accountId, secret),
    deps.clock.now(),
  );
}

/** Seals the TOTP secrets stored in clear before secrets were encrypted at rest (run at start). */
export async function sealPlainSecrets(deps: Pick<Deps, 'db' | 'config'>): Promise<number> {
  let sealed = 0;
  for (const row of await allTotpSecrets(deps.db)) {
    if (isSealed(row.secret)) continue;
    await replaceTotpSecret(
      deps.db,
      row.accountId,
      row.secret,
      await sealSecret(deps.config, row.accountId, row.secret),
    );
    sealed += 1;
  }
  return sealed;
}

/**
 * `npm run admin -- reset-2fa`: every factor goes and every session ends; the owner is mailed. The way
 * out for a person who lost her phone and her recovery codes, after the administrator checked her
 * identity (docs/operations.md, "Lost second factor").
 */
export async function resetTwoFactor(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  account: NoticeSubject,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deleteFactors(tx, account.id, { passkeys: true });
    await revokeAllSessions(tx, account.id);
    await recordSecurityNotice(tx, deps, account, 'factors_reset');
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
  deps: Pick<Deps, 'db' | 'clock'>,
  desafio: string,
  verify: (expectedChallenge: string) => Promise<string>,
): Promise<{ accountId: string; loginKind: LoginKind }> {
  const challenge = await liveChallenge(deps, desafio, 'verify');
  await guardAccount(deps, challenge.accountId);
  if (!challenge.webauthnChallenge) throw expired();
  const accountId = await verify(challenge.webauthnChallenge).catch(() => null);
  if (accountId !== challenge.accountId) throw await wrongCode(deps, challenge.accountId, challenge.id);
  if (!(await deleteChallenge(deps.db, challenge.id))) throw expired();
  return { accountId: challenge.accountId, loginKind: challenge.loginKind };
}
