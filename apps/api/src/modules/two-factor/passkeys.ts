import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { msg } from '@encanto/core/messages';
import { deviceName, twoFactorLimits } from '@encanto/core/two-factor';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound, unauthorized } from '../../errors.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { recordSecurityNotice, type NoticeDeps, type NoticeSubject } from './notices.ts';
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeys,
  setChallengeWebauthn,
  takeWebauthnChallenge,
  touchPasskey,
} from './queries.ts';

/** The relying party: the site's host and origin, both from SITE_URL (a passkey is bound to them). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}
export const relyingParty = (siteUrl: string, siteName: string): RelyingParty => {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: siteName };
};

/** Options as JSON for the browser library (the route's schema is a plain record). */
type WebauthnOptions = Record<string, unknown>;

const failed = () => unauthorized(msg.passkeyFailed, 'PASSKEY_FAILED');
const expiry = (now: Date) => new Date(now.getTime() + twoFactorLimits.webauthnTtlMs);

/**
 * A passkey counts as a factor only when the device checked its owner (fingerprint, face or PIN):
 * presence alone (UV=0) is a stolen, unlocked phone. Options ask for it and answers must carry it.
 */
const USER_VERIFICATION = 'required' as const;

/** The library's own wording when the UV flag is missing, so that refusal gets its own Spanish words. */
const isMissingVerification = (err: unknown) => err instanceof Error && /user.*verif/i.test(err.message);

/** The challenge a browser signed, read from its clientDataJSON (the stored row is looked up by it). */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const raw = response.response?.clientDataJSON;
    if (typeof raw !== 'string') throw new Error('no client data');
    const data = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge !== 'string' || data.challenge.length > 200) throw new Error('no challenge');
    return data.challenge;
  } catch {
    throw badRequest(msg.passkeyFailed, undefined, 'PASSKEY_FAILED');
  }
}

export async function passkeyList(db: DbOrTx, accountId: string) {
  const rows = await listPasskeys(db, accountId);
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    creada: r.createdAt.toISOString(),
    ultimo_uso: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Options for adding a passkey: a discoverable credential (passwordless login needs it). */
export async function registrationOptions(
  deps: Pick<Deps, 'db' | 'clock'>,
  rp: RelyingParty,
  account: { id: string; email: string; nickname: string },
) {
  const { db } = deps;
  const now = deps.clock.now();
  const existing = await listPasskeys(db, account.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.nickname,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: USER_VERIFICATION },
  });
  await insertWebauthnChallenge(
    db,
    { challenge: options.challenge, accountId: account.id, purpose: 'register', expiresAt: expiry(now) },
    now,
  );
  return options as unknown as WebauthnOptions;
}

/**
 * Stores a new passkey after checking the browser's answer (the caller has checked the fresh proof);
 * the other sessions end and the owner is mailed (a new factor).
 */
export async function registerPasskey(
  deps: Pick<Deps, 'db' | 'clock'> & NoticeDeps,
  rp: RelyingParty,
  account: NoticeSubject & { sessionId: string },
  respuesta: Record<string, unknown>,
  nombre: string | undefined,
) {
  const { db } = deps;
  const challenge = await takeWebauthnChallenge(db, signedChallenge(respuesta), 'register', deps.clock.now());
  if (!challenge || challenge.accountId !== account.id) throw failed();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: respuesta as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    throw isMissingVerification(err) ? unauthorized(msg.passkeyNeedsVerification, 'PASSKEY_NO_UV') : failed();
  }
  if (!verification.verified) throw failed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  await db.transaction(async (tx) => {
    const id = await insertPasskey(tx, {
      accountId: account.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      nombre: nombre?.trim() || deviceName(account.userAgent ?? ''),
      backedUp: credentialBackedUp,
    });
    await revokeAllSessions(tx, account.id, account.sessionId);
    await recordSecurityNotice(tx, deps, account, 'passkey_added', id);
  });
}

/** Removes one passkey (the caller has checked the fresh proof); the owner is mailed. */
export async function removePasskey(
  deps: Pick<Deps, 'db'> & NoticeDeps,
  account: NoticeSubject & { sessionId: string },
  id: string,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, account.id, id))) throw notFound(msg.notFound);
    await revokeAllSessions(tx, account.id, account.sessionId);
    await recordSecurityNotice(tx, deps, account, 'passkey_removed');
  });
}

/** Options for a passwordless login: any passkey of this site (the browser lists them). */
export async function loginOptions(deps: Pick<Deps, 'db' | 'clock'>, rp: RelyingParty) {
  const now = deps.clock.now();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: USER_VERIFICATION });
  await insertWebauthnChallenge(
    deps.db,
    { challenge: options.challenge, accountId: null, purpose: 'login', expiresAt: expiry(now) },
    now,
  );
  return options as unknown as WebauthnOptions;
}

/** Options for a passkey as the second step of a login: only that account's passkeys. */
export async function secondStepOptions(
  db: DbOrTx,
  rp: RelyingParty,
  challengeId: string,
  accountId: string,
) {
  const mine = await listPasskeys(db, accountId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: USER_VERIFICATION,
    allowCredentials: mine.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
  });
  await setChallengeWebauthn(db, challengeId, options.challenge);
  return options as unknown as WebauthnOptions;
}

/** Checks a signed assertion against the stored passkey and its counter; the passkey's account. */
export async function verifyAssertion(
  deps: Pick<Deps, 'db' | 'clock'>,
  rp: RelyingParty,
  respuesta: Record<string, unknown>,
  expectedChallenge: string,
): Promise<string> {
  const credentialId = typeof respuesta.id === 'string' ? respuesta.id : '';
  const passkey = credentialId ? await findPasskeyByCredential(deps.db, credentialId) : undefined;
  if (!passkey) throw unauthorized(msg.passkeyUnknown, 'PASSKEY_UNKNOWN');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: respuesta as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch (err) {
    throw isMissingVerification(err) ? unauthorized(msg.passkeyNeedsVerification, 'PASSKEY_NO_UV') : failed();
  }
  if (!verification.verified) throw failed();
  await touchPasskey(deps.db, passkey.id, verification.authenticationInfo.newCounter, deps.clock.now());
  return passkey.accountId;
}

/** Passwordless login: the signed challenge must be one handed out for login, used once. */
export async function passkeyLogin(
  deps: Pick<Deps, 'db' | 'clock'>,
  rp: RelyingParty,
  respuesta: Record<string, unknown>,
) {
  const challenge = await takeWebauthnChallenge(
    deps.db,
    signedChallenge(respuesta),
    'login',
    deps.clock.now(),
  );
  if (!challenge) throw failed();
  return verifyAssertion(deps, rp, respuesta, challenge.challenge);
}
