import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { restrictTree } from '../../lib/data-dir.ts';
import { mediaType } from '../media/store.ts';
import { run, type Say } from './backup.ts';
import { claimPgliteDir } from './control.ts';
import { countRows, type SqlRunner } from './counts.ts';
import { countDifferences, readEntry, readManifest, sha256, type Manifest } from './manifest.ts';
import { isEmpty, storesOf } from './stores.ts';
import { pgliteExtensions } from '../../db/pglite-extensions.ts';
import { tarballBlob } from '../../db/tarball-blob.ts';

/**
 * `npm run restore -- DIR`: checks every file against the manifest, refuses a
 * target that holds data (DATA_DIR's database, media or documents, or a
 * PostgreSQL database with tables), restores, then counts the rows again and
 * compares them with the manifest.
 */
export async function restoreBackup(config: Config, dir: string, say: Say = () => {}): Promise<Manifest> {
  const manifest = await readManifest(dir);
  for (const entry of manifest.files) await readEntry(dir, entry);
  say(`backup of ${manifest.createdAt}: ${manifest.files.length} files match the manifest`);
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.driver !== driver)
    throw new Error(
      `this backup is of a ${manifest.driver} database; the configuration points at ${driver} (${manifest.driver === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'})`,
    );

  const claim = config.databaseUrl ? undefined : await claimPgliteDir(config.dataDir);
  try {
    const { media, documents } = await storesOf(config);
    if (!(await isEmpty(media.list())))
      throw new Error('the media store is not empty: restore into a new one');
    if (!(await isEmpty(documents.list())))
      throw new Error('the document store is not empty: restore into a new one');
    await restoreKey(config, dir, manifest);
    if (
      manifest.documents.count > 0 &&
      (await documents.keyFingerprint()) !== manifest.documents.keyFingerprint
    )
      throw new Error(
        'DOCUMENT_KEY is not the key these documents were encrypted with: set the key of the backed-up deployment',
      );

    const dump = await readEntry(dir, manifest.database);
    const restored = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, path.join(dir, manifest.database.path))
      : await restorePglite(config.dataDir, dump);
    const differences = countDifferences(manifest.tables, restored);
    if (differences.length > 0)
      throw new Error(`row counts differ after restore:\n  ${differences.join('\n  ')}`);
    say(`database: ${Object.keys(restored).length} tables, row counts equal to the manifest`);

    for (const entry of manifest.files) {
      const [kind, ...rest] = entry.path.split('/');
      const key = rest.join('/');
      if (kind === 'media') await media.put(key, await readEntry(dir, entry), mediaType(key));
      else if (kind === 'documents') await documents.writeRaw(key, await readEntry(dir, entry));
    }
    await checkRestoredFiles(manifest, media, documents);
    say(`media: ${manifest.media.count} files; documents: ${manifest.documents.count}; checksums equal`);
    return manifest;
  } finally {
    await claim?.release();
  }
}

/** The generated key file comes back with the data; a different key already there is refused. */
async function restoreKey(config: Config, dir: string, manifest: Manifest) {
  const entry = manifest.files.find((f) => f.path === 'document.key');
  if (!entry || config.documentKey) return;
  const file = path.join(config.dataDir, 'document.key');
  const existing = await fs.readFile(file).catch(() => undefined);
  if (existing && sha256(existing) !== entry.sha256)
    throw new Error(`${file} holds another key: remove it (or restore into a new DATA_DIR)`);
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.writeFile(file, await readEntry(dir, entry), { mode: 0o600 });
}

async function restorePglite(dataDir: string, tarball: Buffer): Promise<Record<string, number>> {
  const target = path.join(dataDir, 'pglite');
  if (await fs.stat(path.join(target, 'PG_VERSION')).catch(() => undefined))
    throw new Error(`${target} already holds a database: restore into an empty DATA_DIR`);
  const { PGlite } = await import('@electric-sql/pglite');
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const db = await PGlite.create({
    extensions: pgliteExtensions,
    dataDir: target,
    loadDataDir: tarballBlob(tarball),
  });
  try {
    return await countRows(db as unknown as SqlRunner);
  } finally {
    await db.close();
    // PGlite writes the files 0666 whatever the umask (lib/data-dir.ts).
    await restrictTree(target);
  }
}

async function restorePostgres(url: string, file: string): Promise<Record<string, number>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (Object.keys(await countRows(client as unknown as SqlRunner)).length > 0)
      throw new Error('the database already has tables: restore into an empty database (createdb)');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file]);
    return await countRows(client as unknown as SqlRunner);
  } finally {
    await client.end();
  }
}

async function checkRestoredFiles(
  manifest: Manifest,
  media: Awaited<ReturnType<typeof storesOf>>['media'],
  documents: Awaited<ReturnType<typeof storesOf>>['documents'],
) {
  for (const entry of manifest.files) {
    const [kind, ...rest] = entry.path.split('/');
    const key = rest.join('/');
    const bytes =
      kind === 'media'
        ? await media.get(key)
        : kind === 'documents'
          ? await documents.readRaw(key)
          : undefined;
    if (bytes === undefined) continue;
    if (!bytes || sha256(bytes) !== entry.sha256) throw new Error(`${entry.path} differs after restore`);
  }
}
