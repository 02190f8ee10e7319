import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'encanto-backup/1';

export interface FileEntry {
  /** Relative to the backup folder, '/' separated. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  driver: 'pglite' | 'postgres';
  /** PGlite: a data-directory tarball; PostgreSQL: pg_dump's custom format. */
  database: FileEntry;
  /** Rows per table (schema.table) in the dumped database. */
  tables: Record<string, number>;
  media: { count: number; bytes: number };
  documents: {
    count: number;
    bytes: number;
    /** sha256 of the key, first 16 hex: a restore checks the documents stay readable. */
    keyFingerprint: string;
    /** The generated DATA_DIR/document.key is part of the backup; DOCUMENT_KEY never is. */
    keyFile: boolean;
  };
  /** Every file but the manifest, with its checksum. */
  files: FileEntry[];
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes a file under the backup folder and returns its entry. */
export async function writeEntry(dir: string, relative: string, bytes: Buffer): Promise<FileEntry> {
  const target = path.join(dir, ...relative.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, bytes, { mode: 0o600 });
  return { path: relative, bytes: bytes.length, sha256: sha256(bytes) };
}

/** Reads a file of the backup and checks it against its entry. */
export async function readEntry(dir: string, entry: FileEntry): Promise<Buffer> {
  if (entry.path.split('/').some((part) => part === '..' || part === ''))
    throw new Error(`unsafe path in manifest: ${entry.path}`);
  const bytes = await fs.readFile(path.join(dir, ...entry.path.split('/')));
  if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256)
    throw new Error(`${entry.path} does not match its checksum in the manifest`);
  return bytes;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`${dir} is not an Encanto backup (${FORMAT})`);
  return manifest;
}

/** Table counts that differ, as readable lines (empty when equal). */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((n) => expected[n] !== actual[n])
    .map((n) => `${n}: backup ${expected[n] ?? '-'}, restored ${actual[n] ?? '-'}`);
}
