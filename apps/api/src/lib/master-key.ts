import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The deployment's one secret: DOCUMENT_KEY, or DATA_DIR/document.key created
 * once (mode 0600). Every instance must share it (it decrypts identity
 * documents), so other secrets are derived from it rather than configured apart.
 */
export async function loadMasterKey(config: Pick<Config, 'documentKey' | 'dataDir'>): Promise<Buffer> {
  if (config.documentKey) return Buffer.from(config.documentKey, 'hex');
  const file = path.join(config.dataDir, 'document.key');
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created the key first; then everyone reads the same key.
    await fs.writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const hex = (await fs.readFile(file, 'utf8')).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hex characters`);
  return Buffer.from(hex, 'hex');
}

/** A key for one purpose (HKDF-SHA256), so a signature key never doubles as the encryption key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `encanto:${purpose}`, 32));
}

const purposeKeys = new WeakMap<object, Map<string, Promise<Buffer>>>();

/** The key for `purpose`, derived once per config (the master key is read from disk at most once). */
export function purposeKey(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  purpose: string,
): Promise<Buffer> {
  let byPurpose = purposeKeys.get(config);
  if (!byPurpose) purposeKeys.set(config, (byPurpose = new Map()));
  let key = byPurpose.get(purpose);
  if (!key) {
    key = loadMasterKey(config).then((master) => deriveKey(master, purpose));
    byPurpose.set(purpose, key);
  }
  return key;
}
