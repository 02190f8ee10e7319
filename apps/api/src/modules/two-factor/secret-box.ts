import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { purposeKey } from '../../lib/master-key.ts';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the deployment's master key
 * (DOCUMENT_KEY), so a copy of the database alone yields no authenticator secret. Stored as
 * `v1:<iv>.<tag>.<ciphertext>` in base64url, bound to the account id (additional data), so a sealed
 * secret copied onto another account's row does not open.
 */
const PREFIX = 'v1:';
type KeyConfig = Pick<Config, 'documentKey' | 'dataDir'>;
const keyOf = (config: KeyConfig) => purposeKey(config, 'totp-secret');

export async function sealSecret(config: KeyConfig, accountId: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(config), iv);
  cipher.setAAD(Buffer.from(accountId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret in clear. Rows written before secrets were sealed are plain base32 and read as they are. */
export async function openSecret(config: KeyConfig, accountId: string, stored: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(config), iv);
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);
