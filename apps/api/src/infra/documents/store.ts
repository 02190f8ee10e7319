import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { diskDocumentBlobs, type DocumentBlobs } from './blobs.ts';
import { s3DocumentBlobs } from './s3-blobs.ts';
import { loadMasterKey } from '../../lib/master-key.ts';

/**
 * The private store for identity documents. Unlike public media these bytes
 * identify a person, so they live apart (DATA_DIR/documents, or a private S3
 * bucket with S3_DOCUMENTS_BUCKET; never under /media), encrypted with
 * AES-256-GCM before they leave the process, and are read back only by the
 * authenticated document endpoint.
 *
 * Stored layout: MAGIC (5 bytes) | IV (12) | auth tag (16) | ciphertext.
 */
export interface DocumentStore {
  put(plain: Buffer): Promise<string>;
  get(storageKey: string): Promise<Buffer | null>;
  delete(storageKey: string): Promise<void>;
  /** Where a stored document lives: a file path on disk, an s3:// address (tests, operators). */
  pathOf(storageKey: string): string;
  /** The stored (encrypted) bytes as they are: backups copy them without the key. */
  readRaw(storageKey: string): Promise<Buffer | null>;
  writeRaw(storageKey: string, stored: Buffer): Promise<void>;
  list(): AsyncIterable<string>;
  /** A short hash of the key: a backup records it so a restore can tell the documents stay readable. */
  keyFingerprint(): Promise<string>;
}

const MAGIC = Buffer.from('ENCD1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encryption over any blob place; the key is loaded once, on first use. */
export function encryptedDocumentStore(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  blobs: DocumentBlobs,
): DocumentStore {
  let key: Promise<Buffer> | undefined;
  const getKey = () => (key ??= loadMasterKey(config));
  return {
    pathOf: (storageKey) => blobs.locate(storageKey),
    async put(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await getKey(), iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const storageKey = `${randomBytes(16).toString('hex')}.bin`;
      await blobs.write(storageKey, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
      return storageKey;
    },
    async get(storageKey) {
      const raw = await blobs.read(storageKey);
      if (!raw) return null;
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
    delete: (storageKey) => blobs.remove(storageKey),
    readRaw: (storageKey) => blobs.read(storageKey),
    writeRaw: (storageKey, stored) => blobs.write(storageKey, stored),
    list: () => blobs.list(),
    keyFingerprint: async () =>
      createHash('sha256')
        .update(await getKey())
        .digest('hex')
        .slice(0, 16),
  };
}

export function createDocumentStore(config: Config): DocumentStore {
  return encryptedDocumentStore(
    config,
    config.s3Documents
      ? s3DocumentBlobs(config.s3Documents)
      : diskDocumentBlobs(path.join(config.dataDir, 'documents')),
  );
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
