// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { needsPrepare, processTuning } from './process-tuning.ts';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'apps/web/dist/server/entry-server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) newest = Math.max(newest, fs.statSync(path.join(item.parentPath, item.name)).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/core/src')),
);
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < sources) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Memory settings read only at a process's start (decision 0151): this process becomes a Node that has
// them, same PID (so signals and the service manager see one process). Linux only: they are glibc's and
// the platform that has process.execve.
const tuning = processTuning(process.env, process.execArgv);

// A first start's work (initdb, migrations, the demo data) runs in a process of its own, and its leftovers
// leave with it (apps/api/src/cli/prepare.ts).
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
if (needsPrepare(process.env, fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))) {
  const prepared = spawnSync(
    process.execPath,
    [...process.execArgv, ...(tuning?.nodeArgs ?? []), path.join(root, 'apps/api/src/cli/prepare.ts')],
    { stdio: 'inherit', env: { ...process.env, ...tuning?.env } },
  );
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}

if (tuning && process.platform === 'linux' && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...tuning.nodeArgs, ...process.argv.slice(1)],
    { ...process.env, ...tuning.env },
  );
}

// NODE_ENV stays as given: unset is the newcomer's demo (loopback, demo data, readable logs);
// `NODE_ENV=production npm start` is a deployment, with its start-up checks (docs/operations.md).
await import('../apps/api/src/server.ts');
