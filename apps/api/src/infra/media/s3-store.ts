import type { Config } from '../../config.ts';
import { assertSafeKey, IMMUTABLE, type MediaStore } from './store.ts';
import { s3Objects } from './s3-client.ts';

export type S3Config = NonNullable<Config['s3']>;

/**
 * Public media in S3-compatible object storage (AWS, MinIO, R2, Ceph...). URLs
 * stay '/media/<key>' so stored rows do not depend on the driver; the app
 * proxies them, or redirects to S3_PUBLIC_URL when one is configured.
 */
export function createS3MediaStore(config: S3Config): MediaStore {
  const objects = s3Objects(config);
  const publicBase = config.publicUrl?.replace(/\/+$/, '');

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await objects.put(key, body, { ContentType: contentType, CacheControl: IMMUTABLE });
    },
    async get(key) {
      assertSafeKey(key);
      return objects.get(key);
    },
    async delete(key) {
      assertSafeKey(key);
      await objects.delete(key);
    },
    list: () => objects.list(),
    url: (key) => `/media/${key}`,
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : undefined),
  };
}
