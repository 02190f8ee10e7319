import fs from 'node:fs/promises';
import path from 'node:path';

/** Where the encrypted bytes go: a folder or a bucket prefix. */
export interface DocumentBlobs {
  read(storageKey: string): Promise<Buffer | null>;
  write(storageKey: string, stored: Buffer): Promise<void>;
  remove(storageKey: string): Promise<void>;
  locate(storageKey: string): string;
  list(): AsyncIterable<string>;
}

export const DOCUMENT_KEY_NAME = /^[a-f0-9]{32}\.bin$/;

export function assertDocumentKey(storageKey: string): void {
  if (!DOCUMENT_KEY_NAME.test(storageKey)) throw new Error(`unsafe document key: ${storageKey}`);
}

export function diskDocumentBlobs(root: string): DocumentBlobs {
  const locate = (storageKey: string) => {
    assertDocumentKey(storageKey);
    return path.join(root, storageKey);
  };
  return {
    locate,
    async read(storageKey) {
      try {
        return await fs.readFile(locate(storageKey));
      } catch {
        return null;
      }
    },
    async write(storageKey, stored) {
      const target = locate(storageKey);
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, stored, { mode: 0o600 });
      await fs.rename(tmp, target);
    },
    async remove(storageKey) {
      await fs.rm(locate(storageKey), { force: true });
    },
    async *list() {
      const names = await fs.readdir(root).catch(() => [] as string[]);
      for (const name of names.sort()) if (DOCUMENT_KEY_NAME.test(name)) yield name;
    },
  };
}
