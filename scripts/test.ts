// `npm test`: every vitest suite — unit, API (PGlite, or PostgreSQL with TEST_DATABASE_URL), security,
// and the browser tests against the built app — or the ones named (`node scripts/test.ts api security`).
// Prints one closing line `N passed, N failed` summed over them. The reliability suite needs
// PostgreSQL, Redis and nginx and runs apart: `npm run test:reliability`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const projects = args.length > 0 ? args : ['unit', 'api', 'security', 'e2e'];
console.log(`Running the ${projects.join(', ')} suites`);
let passed = 0;
let failed = 0;
let exitCode = 0;

function run(cmd: string, cmdArgs: string[]): number {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}

// The SSR tests (api, security) and the browser tests (e2e) need the built web app.
if (projects.some((p) => p === 'e2e' || p === 'api' || p === 'security')) {
  if (run('npm', ['run', 'build']) !== 0) {
    console.error('web build failed');
    failed += 1;
    exitCode = 1;
  }
}

const report = path.join(os.tmpdir(), `encanto-vitest-${process.pid}.json`);
const status = run(path.join(root, 'node_modules/.bin/vitest'), [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
if (status !== 0) exitCode = 1;
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
  };
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numFailedTests === 0 ? json.numFailedTestSuites : 0);
  fs.rmSync(report, { force: true });
} catch {
  failed += 1;
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
