import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What a newcomer sees on `npm start` (no NODE_ENV): the server on loopback
 * only, readable log lines, and the demo logins in one short block.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

/** Runs the server until the logins block is printed, then stops it; returns everything it printed. */
function firstLines(dataDir: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        ...(process.env.DEMO_PHOTO_CACHE ? { DEMO_PHOTO_CACHE: process.env.DEMO_PHOTO_CACHE } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      if (/encanto123/.test(out)) child.kill('SIGTERM');
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

// The embedded database is the newcomer's: the run on PostgreSQL (TEST_DATABASE_URL) has nothing to add.
describe.skipIf(process.env.TEST_DATABASE_URL)('a newcomer starting the server', () => {
  it('listens on 127.0.0.1 only, logs readable lines, and ends with a short block of demo logins', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-newcomer-'));
    dirs.push(dataDir);
    const port = 20000 + Math.floor(Math.random() * 20000);
    const out = await firstLines(dataDir, port);
    expect(out).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(out).not.toMatch(/0\.0\.0\.0/);
    expect(out).not.toMatch(/^\{"level"/m); // no JSON lines
    // The block: its first line and the indented lines under it (the next log line starts with its time).
    const blockOf = (text: string) => {
      const [first, ...rest] = text.slice(text.indexOf('Encanto is running at')).split('\n');
      const end = rest.findIndex((l) => !l.startsWith('  '));
      return [first!, ...rest.slice(0, end < 0 ? rest.length : end)];
    };
    const lines = blockOf(out);
    expect(lines[0]).toMatch(
      new RegExp(`Encanto is running at http://127\\.0\\.0\\.1:${port} with demo data\\.$`),
    );
    expect(lines[1]).toMatch(
      /^ {2}admin {3}admin@encanto\.demo \/ \S{8,} {3}\(http:\/\/127\.0\.0\.1:\d+\/login-admin, tipo de perfil: admin; shown only now\)$/,
    );
    expect(lines[2]).toMatch(/^ {2}escort {2}\S+@encanto\.demo \/ encanto123$/);
    expect(lines[3]).toMatch(/^ {2}client {2}\S+@encanto\.demo \/ encanto123$/);
    expect(lines).toHaveLength(4);

    // Next start: the data is there, the admin's password is not printed again.
    const again = await firstLines(dataDir, port);
    const next = blockOf(again);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatch(/every demo escort and client logs in with the password encanto123/);
    expect(again).not.toContain(lines[1]!.split(' / ')[1]!.split(' ')[0]!);
  }, 300_000);
});
