import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  endpoint: string;
  /** The folder s3rver keeps objects in (to read what a bucket really holds). */
  directory: string;
  env(buckets: { media: string; documents?: string }): Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's built-in account: requests with another access key are refused. */
export const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, an npm dev dependency: see
 * decision 0062) on a free loopback port, storing objects in a temporary
 * folder, with the buckets created up front as an operator would.
 */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    // s3rver signs bucket-level paths without the trailing slash AWS SDK v3 sends (`/fotos/?list-type=2`),
    // so its signature check fails every listing; it still refuses unknown access keys. The signature
    // itself is checked against the recorder in media-s3.test.ts.
    allowMismatchedSignatures: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    env: ({ media, documents }) => ({
      S3_BUCKET: media,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY.id,
      S3_SECRET_ACCESS_KEY: S3_KEY.secret,
      ...(documents ? { S3_DOCUMENTS_BUCKET: documents } : {}),
    }),
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
