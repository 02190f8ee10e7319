import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { accounts, sessions } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(root, 'apps/api/src/cli/admin.ts');
// The project's Node 24 (the runner itself may be on the system's Node).
const node = path.join(root, 'node_modules/.bin/node');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-cli-'));

/** Runs `npm run admin -- …` the way an operator would (same entry file, same Node), on its own PGlite. */
function run(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function storedAdmin(email: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db
      .select({ kind: accounts.kind, passHash: accounts.passHash, autorizado: accounts.autorizado })
      .from(accounts)
      .where(eq(accounts.emailNorm, email));
    return row;
  } finally {
    await database.close();
  }
}

/** A session of the admin, as a login would leave it; returns the account id. */
async function openSession(email: string): Promise<string> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.emailNorm, email));
    await createSession(database.db, row!.id, new Date());
    return row!.id;
  } finally {
    await database.close();
  }
}

async function sessionCount(accountId: string): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return (await database.db.select().from(sessions).where(eq(sessions.accountId, accountId))).length;
  } finally {
    await database.close();
  }
}

afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

// Each command runs on an embedded database of its own (DATABASE_URL emptied above), whatever the engine
// under test: the run on PostgreSQL (TEST_DATABASE_URL) would repeat it byte for byte (decision 0137).
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run admin -- create', () => {
  it('creates an admin from flags', async () => {
    const res = await run(['create', '--email', 'Jefa@Example.cl', '--password', 'clave-segura-1']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Admin Jefa@Example.cl is ready');
    const admin = await storedAdmin('jefa@example.cl');
    expect(admin?.kind).toBe('admin');
    expect(admin?.autorizado).toBe('aprobado');
    expect(await verifyPassword(admin!.passHash, 'clave-segura-1')).toBe(true);
  }, 300_000);

  it('asks for e-mail and password (twice) and updates an existing admin, signing her devices out', async () => {
    const signedIn = await openSession('jefa@example.cl');
    const res = await run(['create'], 'jefa@example.cl\notra-clave-2\notra-clave-2\n');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Admin e-mail: ');
    expect(res.stdout).toContain('Password: ');
    expect(res.stdout).not.toContain('otra-clave-2');
    const admin = await storedAdmin('jefa@example.cl');
    expect(await verifyPassword(admin!.passHash, 'otra-clave-2')).toBe(true);
    expect(await verifyPassword(admin!.passHash, 'clave-segura-1')).toBe(false);
    expect(await sessionCount(signedIn)).toBe(0);
  }, 300_000);

  it('refuses a bad e-mail, a short password and mismatched passwords', async () => {
    expect(await run(['create'], 'no-es-correo\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Not a valid e-mail'),
    });
    expect(await run(['create', '--email', 'x@example.cl', '--password', 'abc'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least 7 characters'),
    });
    expect(await run(['create'], 'x@example.cl\nclave-uno-1\nclave-dos-2\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('do not match'),
    });
    expect(await storedAdmin('x@example.cl')).toBeUndefined();
  }, 300_000);

  it('refuses a common password and takes a passphrase with spaces (decision 0050)', async () => {
    expect(await run(['create', '--email', 'y@example.cl', '--password', 'password1'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('10,000 most common'),
    });
    expect(await run(['create', '--email', 'y@example.cl', '--password', 'solo letras'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('one letter and one digit'),
    });
    expect(await storedAdmin('y@example.cl')).toBeUndefined();
    const phrase = 'Correct horse battery staple!9';
    const res = await run(['create'], `y@example.cl\n${phrase}\n${phrase}\n`);
    expect(res.code).toBe(0);
    expect(await verifyPassword((await storedAdmin('y@example.cl'))!.passHash, phrase)).toBe(true);
  }, 300_000);

  it('prints usage for an unknown command', async () => {
    const res = await run(['borrar']);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('Usage: npm run admin -- create');
  }, 180_000);
});
