import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { limits } from '@encanto/core/constants';
import { unsupportedType } from '../../errors.ts';
import type { Config } from '../../config.ts';
import { decodeImage } from '../media/images.ts';
import { loadMasterKey } from '../../lib/master-key.ts';

/**
 * The private store for identity documents. Unlike public media these bytes
 * identify a person, so they live apart (DATA_DIR/documents, never under
 * /media), encrypted at rest with AES-256-GCM, and are read back only by the
 * authenticated document endpoint.
 *
 * File layout: MAGIC (5 bytes) | IV (12) | auth tag (16) | ciphertext.
 */
export interface DocumentStore {
  put(plain: Buffer): Promise<string>;
  get(storageKey: string): Promise<Buffer | null>;
  delete(storageKey: string): Promise<void>;
  /** Absolute path of a stored file (tests check that it is not readable as an image). */
  pathOf(storageKey: string): string;
}

const MAGIC = Buffer.from('ENCD1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_NAME = /^[a-f0-9]{32}\.bin$/;
/** Long side after re-encoding: enough to read a card's small print, small enough to send to a phone. */
export const DOCUMENT_MAX_SIDE = 2000;

export function createDocumentStore(config: Pick<Config, 'documentKey' | 'dataDir'>): DocumentStore {
  const root = path.join(config.dataDir, 'documents');
  let key: Promise<Buffer> | undefined;
  const getKey = () => (key ??= loadMasterKey(config));
  const pathOf = (storageKey: string) => {
    if (!KEY_NAME.test(storageKey)) throw new Error(`unsafe document key: ${storageKey}`);
    return path.join(root, storageKey);
  };
  return {
    pathOf,
    async put(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await getKey(), iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const storageKey = `${randomBytes(16).toString('hex')}.bin`;
      const target = pathOf(storageKey);
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]), { mode: 0o600 });
      await fs.rename(tmp, target);
      return storageKey;
    },
    async get(storageKey) {
      let raw: Buffer;
      try {
        raw = await fs.readFile(pathOf(storageKey));
      } catch {
        return null;
      }
      if (!raw.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted document');
      const iv = raw.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = raw.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', await getKey(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(raw.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    },
    async delete(storageKey) {
      await fs.rm(pathOf(storageKey), { force: true });
    },
  };
}

/** One store per config, so every route plugin and service of an app shares the same key promise. */
const stores = new WeakMap<object, DocumentStore>();
export function documentStoreFor(config: Config): DocumentStore {
  let store = stores.get(config);
  if (!store) {
    store = createDocumentStore(config);
    stores.set(config, store);
  }
  return store;
}

export interface PreparedDocument {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
}

/**
 * Checks the bytes as any uploaded picture (decodeImage), then re-encodes them
 * as JPEG no larger than 2000 px on the long side. sharp writes no metadata
 * unless asked, so EXIF, GPS, XMP and ICC are all dropped.
 */
export async function prepareDocument(bytes: Buffer): Promise<PreparedDocument> {
  const image = await decodeImage(bytes, limits.documentMaxBytes);
  try {
    const { data, info } = await image
      .open()
      .resize({
        width: DOCUMENT_MAX_SIDE,
        height: DOCUMENT_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch {
    throw unsupportedType();
  }
}
