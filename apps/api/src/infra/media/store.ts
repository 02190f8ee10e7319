import fs from 'node:fs/promises';
import path from 'node:path';

/** Where public media bytes live. Keys are content-hash names such as 'ab/abcdef…-480.webp'. */
export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every stored key (backups). */
  list(): AsyncIterable<string>;
  /** Public URL path for a key. */
  url(key: string): string;
  /** A local path when the driver is the disk (used for range requests on video). */
  localPath?(key: string): string;
  /** The disk driver's folder, served as static files under /media/. */
  readonly root?: string;
  /** Where browsers may fetch a key directly (S3_PUBLIC_URL); /media/* redirects there. */
  publicUrl?(key: string): string | undefined;
}

/** Content types of stored media by extension (served under /media, and given to S3 on a restore). */
/**
 * Content-hash names never change, so every cache may keep the bytes forever. Here, not in s3-store.ts:
 * importing that file loads the AWS SDK, 33 MB resident in a process that has no bucket (decision 0151).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
};

export const mediaType = (key: string) =>
  MEDIA_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/** Whether a media key is one of ours: lower case, no `..`, nothing outside the store's folder. */
export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !key.includes('..');

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
}

export function createDiskMediaStore(root: string): MediaStore {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async *list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const keys = entries
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
      yield* keys;
    },
    url: (key) => `/media/${key}`,
    localPath: (key) => file(key),
    root,
  };
}
