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
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound, unauthorized } from '../../errors.ts';
import { revokeAllSessions } from '../sessions/service.ts';
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
const expiry = () => new Date(Date.now() + twoFactorLimits.webauthnTtlMs);

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
  db: DbOrTx,
  rp: RelyingParty,
  account: { id: string; email: string; nickname: string },
) {
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
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await insertWebauthnChallenge(db, {
    challenge: options.challenge,
    accountId: account.id,
    purpose: 'register',
    expiresAt: expiry(),
  });
  return options as unknown as WebauthnOptions;
}

/** Stores a new passkey after checking the browser's answer; the other sessions end (a new factor). */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  account: { id: string; sessionId: string },
  respuesta: Record<string, unknown>,
  nombre: string | undefined,
  userAgent: string | undefined,
) {
  const challenge = await takeWebauthnChallenge(db, signedChallenge(respuesta), 'register');
  if (!challenge || challenge.accountId !== account.id) throw failed();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: respuesta as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  await db.transaction(async (tx) => {
    await insertPasskey(tx, {
      accountId: account.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      nombre: nombre?.trim() || deviceName(userAgent ?? ''),
      backedUp: credentialBackedUp,
    });
    await revokeAllSessions(tx, account.id, account.sessionId);
  });
}

export async function removePasskey(db: Db, account: { id: string; sessionId: string }, id: string) {
  await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, account.id, id))) throw notFound(msg.notFound);
    await revokeAllSessions(tx, account.id, account.sessionId);
  });
}

/** Options for a passwordless login: any passkey of this site (the browser lists them). */
export async function loginOptions(db: DbOrTx, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await insertWebauthnChallenge(db, {
    challenge: options.challenge,
    accountId: null,
    purpose: 'login',
    expiresAt: expiry(),
  });
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
    userVerification: 'preferred',
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
  db: DbOrTx,
  rp: RelyingParty,
  respuesta: Record<string, unknown>,
  expectedChallenge: string,
): Promise<string> {
  const credentialId = typeof respuesta.id === 'string' ? respuesta.id : '';
  const passkey = credentialId ? await findPasskeyByCredential(db, credentialId) : undefined;
  if (!passkey) throw unauthorized(msg.passkeyUnknown, 'PASSKEY_UNKNOWN');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: respuesta as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  await touchPasskey(db, passkey.id, verification.authenticationInfo.newCounter);
  return passkey.accountId;
}

/** Passwordless login: the signed challenge must be one handed out for login, used once. */
export async function passkeyLogin(db: DbOrTx, rp: RelyingParty, respuesta: Record<string, unknown>) {
  const challenge = await takeWebauthnChallenge(db, signedChallenge(respuesta), 'login');
  if (!challenge) throw failed();
  return verifyAssertion(db, rp, respuesta, challenge.challenge);
}
