import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { claimPgliteDir, dumpPglite, requestDump } from './control.ts';
import { countRows, type SqlRunner } from './counts.ts';
import { FORMAT, MANIFEST, writeEntry, type FileEntry, type Manifest } from './manifest.ts';
import { storesOf } from './stores.ts';
import { pgliteExtensions } from '../../db/pglite-extensions.ts';
import { tarballBlob } from '../../db/tarball-blob.ts';

export type Say = (line: string) => void;

/**
 * `npm run backup -- DIR`: the database, public media, encrypted identity
 * documents and a manifest with row counts and checksums, into an empty DIR.
 * The database comes first, files after: an upload made meanwhile is at worst
 * an extra file the restored rows do not use.
 */
export async function createBackup(
  config: Config,
  dir: string,
  clock: Clock,
  say: Say = () => {},
): Promise<Manifest> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if ((await fs.readdir(dir)).length > 0)
    throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  const started = performance.now();
  const { database, tables } = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, dir)
    : await backupPglite(config, dir, say);
  say(
    `database: ${Object.values(tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(tables).length} tables`,
  );

  const files: FileEntry[] = [database];
  const { media, documents } = await storesOf(config);
  const mediaFiles: FileEntry[] = [];
  for await (const key of media.list()) {
    const bytes = await media.get(key);
    if (bytes) mediaFiles.push(await writeEntry(dir, `media/${key}`, bytes));
  }
  const documentFiles: FileEntry[] = [];
  for await (const key of documents.list()) {
    const stored = await documents.readRaw(key);
    if (stored) documentFiles.push(await writeEntry(dir, `documents/${key}`, stored));
  }
  // Without DOCUMENT_KEY the key is a file in DATA_DIR, part of the data like the database.
  const keyFile = config.documentKey
    ? undefined
    : await fs.readFile(path.join(config.dataDir, 'document.key')).catch(() => undefined);
  if (keyFile) files.push(await writeEntry(dir, 'document.key', keyFile));
  files.push(...mediaFiles, ...documentFiles);
  say(`media: ${mediaFiles.length} files; documents: ${documentFiles.length} (encrypted, copied as stored)`);

  const sum = (list: FileEntry[]) => list.reduce((a, f) => a + f.bytes, 0);
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: clock.now().toISOString(),
    driver: config.databaseUrl ? 'postgres' : 'pglite',
    database,
    tables,
    media: { count: mediaFiles.length, bytes: sum(mediaFiles) },
    documents: {
      count: documentFiles.length,
      bytes: sum(documentFiles),
      keyFingerprint: config.documentKey || keyFile ? await documents.keyFingerprint() : '',
      keyFile: Boolean(keyFile),
    },
    files,
  };
  // Written last: a folder without a manifest is an unfinished backup.
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  say(`backup written to ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return manifest;
}

/** From the running server when there is one (a short pause of its database), else from the files. */
async function backupPglite(config: Config, dir: string, say: Say) {
  let tarball = await requestDump(config.dataDir);
  if (tarball) say('database: copied by the running server');
  else {
    const claim = await claimPgliteDir(config.dataDir);
    try {
      const pgliteDir = path.join(config.dataDir, 'pglite');
      if (!(await fs.stat(path.join(pgliteDir, 'PG_VERSION')).catch(() => undefined)))
        throw new Error(`no database in ${pgliteDir}`);
      const database = await openDatabase({ dataDir: pgliteDir, migrate: false });
      try {
        tarball = await dumpPglite(database);
      } finally {
        await database.close();
      }
      say('database: copied from DATA_DIR (no server running)');
    } finally {
      await claim.release();
    }
  }
  const database = await writeEntry(dir, 'database.tar.gz', tarball);
  // Counted in a copy opened from the tarball itself: this also proves the copy opens.
  return { database, tables: await countInTarball(tarball) };
}

export async function countInTarball(tarball: Buffer): Promise<Record<string, number>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const copy = await PGlite.create({
    extensions: pgliteExtensions,
    loadDataDir: tarballBlob(tarball),
  });
  try {
    return await countRows(copy as unknown as SqlRunner);
  } finally {
    await copy.close();
  }
}

/**
 * pg_dump in custom format, reading the snapshot in which the rows were
 * counted, so the manifest's counts are exactly the dump's.
 */
async function dumpPostgres(url: string, dir: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await countRows(client as unknown as SqlRunner);
    const file = path.join(dir, 'database.dump');
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`, url]);
    await client.query('commit');
    const bytes = await fs.readFile(file);
    await fs.rm(file);
    return { database: await writeEntry(dir, 'database.dump', bytes), tables };
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; its stderr becomes the error. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) =>
      reject(new Error(`${command} could not start (${err.message}); install postgresql-client`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}
