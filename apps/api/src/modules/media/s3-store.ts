import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { assertSafeKey, type MediaStore } from './store.ts';

export type S3Config = NonNullable<Config['s3']>;

/** Content-hash names never change, so every cache may keep the bytes forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Public media in S3-compatible object storage (AWS, MinIO, R2, Ceph...). URLs
 * stay '/media/<key>' so stored rows do not depend on the driver; the app
 * proxies them, or redirects to S3_PUBLIC_URL when one is configured.
 */
export function createS3MediaStore(config: S3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Many S3-compatible servers reject the SDK's default CRC32 trailers; send checksums only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/+$/, '');

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404)
          return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a missing key too, so deleting twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    url: (key) => `/media/${key}`,
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : undefined),
  };
}
