import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { deriveKey, loadMasterKey } from '../../lib/master-key.ts';

/**
 * A contact's address as the site keeps it when the person is not a user: the
 * HMAC of the normalised address under a key derived from the deployment's
 * master key. The refusal list and the per-address mail budget are keyed by it,
 * so neither holds the addresses of people who asked to be left alone.
 *
 * The refusal link in every check-in mail carries `<address key>.<signature>`
 * (the same scheme as the notifications' unsubscribe links): whoever holds the
 * mail may refuse mail for that one address, without an account, and nothing
 * else; a made-up key is refused before anything is written.
 */
const keys = new WeakMap<object, Promise<Buffer>>();
function keyFor(config: Pick<Config, 'documentKey' | 'dataDir'>): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = loadMasterKey(config).then((master) => deriveKey(master, 'contact-address'));
    keys.set(config, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** How an address is compared: the form's address trimmed, in lower case. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export async function addressKey(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  email: string,
): Promise<string> {
  return mac(await keyFor(config), `address\n${normalizeAddress(email)}`);
}

export async function signRefusal(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  email: string,
): Promise<string> {
  const key = await keyFor(config);
  const address = mac(key, `address\n${normalizeAddress(email)}`);
  return `${address}.${mac(key, `refuse\n${address}`)}`;
}

/** The address key a refusal token names, or null when it is malformed or its signature is wrong. */
export async function verifyRefusal(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  token: string,
): Promise<string | null> {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [address, signature] = parts as [string, string];
  if (!/^[\w-]{43}$/.test(address)) return null;
  const expected = Buffer.from(mac(await keyFor(config), `refuse\n${address}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return address;
}
