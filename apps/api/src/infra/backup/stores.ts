import path from 'node:path';
import type { Config } from '../../config.ts';
import { createDiskMediaStore, type MediaStore } from '../media/store.ts';
import { createDocumentStore, type DocumentStore } from '../documents/store.ts';

/** The media and document stores the server would use, without building the app. */
export async function storesOf(config: Config): Promise<{ media: MediaStore; documents: DocumentStore }> {
  const media = config.s3
    ? (await import('../media/s3-store.ts')).createS3MediaStore(config.s3)
    : createDiskMediaStore(path.join(config.dataDir, 'media'));
  return { media, documents: createDocumentStore(config) };
}

export async function isEmpty(keys: AsyncIterable<string>): Promise<boolean> {
  for await (const _key of keys) return false;
  return true;
}
