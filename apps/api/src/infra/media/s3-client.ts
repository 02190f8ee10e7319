import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** A bucket and how to reach it (media and documents each have one). */
export interface S3Target {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Client(target: S3Target): S3Client {
  return new S3Client({
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.accessKeyId && target.secretAccessKey
      ? { credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } }
      : {}),
    // Many S3-compatible servers reject the SDK's default CRC32 trailers; send checksums only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The few object calls the stores and backups make, on one bucket. */
export function s3Objects(target: S3Target) {
  const client = createS3Client(target);
  const Bucket = target.bucket;
  return {
    client,
    async put(Key: string, Body: Buffer, extra: { ContentType?: string; CacheControl?: string } = {}) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ...extra }));
    },
    async get(Key: string): Promise<Buffer | null> {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(Key: string) {
      // S3 answers 204 for a missing key too, so deleting twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    /** Every key under a prefix, page by page. */
    async *list(Prefix = ''): AsyncIterable<string> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
