import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { freePort } from '../helpers/ports.ts';

/**
 * DATA_DIR holds the embedded database (every account, message and meeting), documents, mail and
 * keys: nothing under it may be readable by another user of the host. PGlite wrote its files 0666
 * and the server's folders came out 0755.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const node = path.join(root, 'node_modules/.bin/node');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function tempDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-modes-'));
  dirs.push(dir);
  return dir;
}

/** Every path under `dir` (itself included) whose mode lets its group or others in, with that mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const check = async (p: string) => {
    const stat = await fs.lstat(p).catch(() => undefined);
    if (stat && !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
      found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
  };
  await check(dir);
  for (const e of await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    await check(path.join(e.parentPath, e.name));
  return found;
}

/** A DATA_DIR as an older version left it: 0755 folders with a 0644 file, a 0777 folder with a 0666 file. */
async function looseLeftovers(dataDir: string): Promise<void> {
  await fs.chmod(dataDir, 0o755);
  await fs.mkdir(path.join(dataDir, 'documents/ab'), { recursive: true, mode: 0o755 });
  await fs.chmod(path.join(dataDir, 'documents'), 0o755);
  await fs.chmod(path.join(dataDir, 'documents/ab'), 0o755);
  await fs.writeFile(path.join(dataDir, 'documents/ab/old.bin'), 'x');
  await fs.chmod(path.join(dataDir, 'documents/ab/old.bin'), 0o644);
  await fs.mkdir(path.join(dataDir, 'outbox'), { mode: 0o755 });
  await fs.chmod(path.join(dataDir, 'outbox'), 0o777);
  await fs.writeFile(path.join(dataDir, 'outbox/old.eml'), 'x');
  await fs.chmod(path.join(dataDir, 'outbox/old.eml'), 0o666);
}

/** Runs a command the way an operator would, with its own DATA_DIR on the embedded database. */
function run(args: string[], env: Record<string, string>, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 330_000); // a hang guard under the test's (decision 0183)
    const onData = (c: Buffer) => {
      out += c.toString();
      if (until?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

// The embedded database's files, on PGlite whatever the engine under test: the run on PostgreSQL
// (TEST_DATABASE_URL) would repeat it byte for byte (decision 0137).
describe.skipIf(process.env.TEST_DATABASE_URL)('files under DATA_DIR are the server user’s alone', () => {
  it('the embedded database: every file and folder owner-only once open, and after closing', async () => {
    const dataDir = await tempDataDir();
    // The test process keeps the usual umask (022): the database itself must not rely on it.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(await openToOthers(dataDir)).toEqual([]);
    // Opened again (PGlite rewrites some files at each start).
    const again = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await again.close();
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('the admin command (npm run admin): a new database and what it writes', async () => {
    const dataDir = await tempDataDir();
    const out = await run(
      [
        'apps/api/src/cli/admin.ts',
        'create',
        '--email',
        'modos@encanto.cl',
        '--password',
        'ClaveSegura2024',
        '--nickname',
        'modosadmin',
      ],
      { DATA_DIR: dataDir },
    );
    expect(await fs.stat(path.join(dataDir, 'pglite/PG_VERSION')).catch(() => null), out).not.toBeNull();
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 360_000);

  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  it('the server: restricts what an older version left, and creates everything owner-only', async () => {
    if (!existsSync(path.join(dist, 'server/entry-server.js'))) {
      const built = spawnSync('npm', ['run', 'build', '-w', '@encanto/web'], {
        cwd: root,
        env: { ...process.env, WEB_DIST_DIR: dist },
        stdio: 'ignore',
      });
      expect(built.status).toBe(0);
    }
    const dataDir = await tempDataDir();
    await looseLeftovers(dataDir);
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(0);
    const port = freePort();
    const out = await run(
      ['apps/api/src/server.ts'],
      { DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false', WEB_DIST_DIR: dist },
      /Server listening at/,
    );
    expect(out).toMatch(/Server listening at/);
    // Written by this start: the database, and the media folder (a plain mkdir: only the umask
    // keeps it from 0755).
    for (const made of ['pglite/PG_VERSION', 'media'])
      expect(existsSync(path.join(dataDir, made)), made).toBe(true);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 600_000);
});
