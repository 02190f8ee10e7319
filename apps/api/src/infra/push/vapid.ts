import { createECDH } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new P-256 pair in the encodings VAPID uses: the uncompressed point and the 32-byte scalar, base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
}

/**
 * The VAPID keys (decision 0168): from the configuration (required in production, config.ts), or outside
 * production DATA_DIR/vapid.json, created once (mode 0600) so subscriptions survive restarts. A pair that
 * does not make a P-256 key stops the start with the reason.
 */
export async function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir'>): Promise<VapidKeys> {
  const keys = config.push.vapid ?? (await keysInDataDir(config.dataDir));
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a P-256 private key');
  }
  if (ecdh.getPublicKey().toString('base64url') !== keys.publicKey)
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  return keys;
}

async function keysInDataDir(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid.json');
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx': the first process writes; any other reads the same pair.
    await fs.writeFile(file, JSON.stringify(generateVapidKeys()), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return JSON.parse(await fs.readFile(file, 'utf8')) as VapidKeys;
}
