import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';

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
function firstLines(
  dataDir: string,
  port: number,
  o: { script?: string; env?: Record<string, string>; onBlock?: (pid: number) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/node'), [o.script ?? 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        ...o.env,
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        ...(process.env.DEMO_PHOTO_CACHE ? { DEMO_PHOTO_CACHE: process.env.DEMO_PHOTO_CACHE } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 540_000); // a hang guard under the test's (decision 0183)
    const onData = (c: Buffer) => {
      out += c.toString();
      if (!/encanto123/.test(out) || child.killed) return;
      o.onBlock?.(child.pid!);
      child.kill('SIGTERM');
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
  // One data folder through two starts (a first start costs a database and the demo data, so the file
  // makes one): `npm start`'s first, then the server's own on the data it left.
  it('first start under npm start: seeds in a process of its own, then serves from one tuned process that prints the demo logins once (decision 0151); the next start listens on 127.0.0.1 only, logs readable lines and does not print the admin password again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-newcomer-'));
    dirs.push(dataDir);
    const port = freePort();
    // The block: its first line and the indented lines under it (the next log line starts with its time).
    const blockOf = (text: string) => {
      const [first, ...rest] = text.slice(text.indexOf('Encanto is running at')).split('\n');
      const end = rest.findIndex((l) => !l.startsWith('  '));
      return [first!, ...rest.slice(0, end < 0 ? rest.length : end)];
    };

    let server: { env: string; cmdline: string } | undefined;
    const out = await firstLines(dataDir, port, {
      script: 'scripts/start.ts',
      env: { LOG_FORMAT: 'json' },
      onBlock: (pid) => {
        // The PID spawned is the server's: start.ts replaced itself rather than starting a child.
        server = {
          env: readFileSync(`/proc/${pid}/environ`, 'utf8'),
          cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
        };
      },
    });
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { pid: number; msg: string });
    const seeding = lines.find((l) => l.msg.startsWith('Demo data:'));
    const listening = lines.find((l) => l.msg.startsWith('Server listening'));
    expect(seeding && listening).toBeTruthy();
    expect(seeding!.pid).not.toBe(listening!.pid);
    expect(listening!.msg).toBe(`Server listening at http://127.0.0.1:${port}`);
    expect(out).not.toMatch(/0\.0\.0\.0/);
    // The demo admin's password, made by the seeding process, is printed once by the server, in one block.
    const block = blockOf(lines.find((l) => l.msg.startsWith('Encanto is running'))?.msg ?? '');
    expect(block[0]).toMatch(
      new RegExp(`Encanto is running at http://127\\.0\\.0\\.1:${port} with demo data\\.$`),
    );
    expect(block[1]).toMatch(
      /^ {2}admin {3}admin@encanto\.demo \/ \S{8,} {3}\(http:\/\/127\.0\.0\.1:\d+\/login-admin, tipo de perfil: admin; shown only now\)$/,
    );
    expect(block[2]).toMatch(/^ {2}escort {2}\S+@encanto\.demo \/ encanto123$/);
    expect(block[3]).toMatch(/^ {2}client {2}\S+@encanto\.demo \/ encanto123$/);
    expect(block).toHaveLength(4);
    expect(existsSync(path.join(dataDir, 'first-start.json'))).toBe(false);
    expect(server?.env.split('\0')).toEqual(
      expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536']),
    );
    expect(server?.cmdline.split('\0')).toContain('--max-semi-space-size=4');

    // Next start, the server alone with a newcomer's defaults: readable lines on loopback, the data is
    // there, the admin's password is not printed again.
    const again = await firstLines(dataDir, port);
    expect(again).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(again).not.toMatch(/0\.0\.0\.0/);
    expect(again).not.toMatch(/^\{"level"/m); // no JSON lines
    const next = blockOf(again);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatch(/every demo escort and client logs in with the password encanto123/);
    expect(again).not.toContain(block[1]!.split(' / ')[1]!.split(' ')[0]!);
  }, 600_000);
});
