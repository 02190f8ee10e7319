import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimPgliteDir, controlSocket, DataDirBusy, requestDump } from '../../src/infra/backup/control.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-claim-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('one process per PGlite DATA_DIR', () => {
  it('a second claim is refused while the first holds the folder; released, it can be claimed again', async () => {
    const first = await claimPgliteDir(dir);
    expect(fs.statSync(controlSocket(dir)).mode & 0o777).toBe(0o600);
    await expect(claimPgliteDir(dir)).rejects.toBeInstanceOf(DataDirBusy);
    await expect(claimPgliteDir(dir)).rejects.toThrow(/is in use by another process/);
    // Claimed but no database yet: a backup is told so instead of waiting.
    await expect(requestDump(dir)).rejects.toThrow(
      /the server refused the dump: the server is still starting/,
    );
    await first.release();
    expect(fs.existsSync(controlSocket(dir))).toBe(false);
    expect(await requestDump(dir)).toBeUndefined();
    const again = await claimPgliteDir(dir);
    await again.release();
  });

  it('the socket left by a killed process (kill -9) does not block the next start', async () => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/node'),
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(path.join(root, 'apps/api/src/infra/backup/control.ts'))});
         await m.claimPgliteDir(${JSON.stringify(dir)}); console.log('claimed'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    await expect(claimPgliteDir(dir)).rejects.toBeInstanceOf(DataDirBusy);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(controlSocket(dir))).toBe(true);
    const claim = await claimPgliteDir(dir);
    await claim.release();
  });
});
