import type { S3Target, s3Objects } from '../media/s3-client.ts';
import { assertDocumentKey, DOCUMENT_KEY_NAME, type DocumentBlobs } from './blobs.ts';

/**
 * Encrypted documents as objects under a prefix of a private bucket, so no
 * instance needs a shared volume. Objects are written without an ACL (private,
 * the S3 default) and are never reachable through /media or S3_PUBLIC_URL,
 * which only know the media bucket. The SDK loads on first use, so a process
 * without S3 never pays for it.
 */
export function s3DocumentBlobs(target: S3Target & { prefix: string }): DocumentBlobs {
  let objects: Promise<ReturnType<typeof s3Objects>> | undefined;
  const bucket = () => (objects ??= import('../media/s3-client.ts').then((m) => m.s3Objects(target)));
  const keyOf = (storageKey: string) => {
    assertDocumentKey(storageKey);
    return `${target.prefix}${storageKey}`;
  };
  return {
    locate: (storageKey) => `s3://${target.bucket}/${keyOf(storageKey)}`,
    read: async (storageKey) => (await bucket()).get(keyOf(storageKey)),
    write: async (storageKey, stored) =>
      (await bucket()).put(keyOf(storageKey), stored, { ContentType: 'application/octet-stream' }),
    remove: async (storageKey) => (await bucket()).delete(keyOf(storageKey)),
    async *list() {
      for await (const key of (await bucket()).list(target.prefix)) {
        const name = key.slice(target.prefix.length);
        if (DOCUMENT_KEY_NAME.test(name)) yield name;
      }
    },
  };
}
