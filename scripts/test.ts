// `npm test`: every vitest suite — unit, API (PGlite, or PostgreSQL with TEST_DATABASE_URL), security,
// and the browser tests against the built app — or the ones named (`node scripts/test.ts api security`).
// Prints one closing line `N passed, N failed` summed over them. The reliability suite needs
// PostgreSQL, Redis and nginx and runs apart: `npm run test:reliability`.
//
// The browser suite spends most of its time waiting on Chromium and the servers, the node suites (unit,
// API, security) on the CPU: they run side by side as two vitest processes. The node suites' log streams
// as they go; the browser suite's is kept and printed when it ends, so neither interleaves.
//
// DEMO_PHOTO_CACHE: the demo photos each seed encodes are kept there for the run's other seeds (every
// browser-test server, the newcomer start, the backup tests): a folder of its own for this run unless one
// is given (CI gives one folder to both database engines' runs).
// SKIP_WEB_BUILD=1 uses the web build already in WEB_DIST_DIR (CI builds once for both database engines).
// TEST_CPU_LOCK=<file>: the node suites run holding that file's lock (flock), so two runs given the same
// file (CI's PGlite and PostgreSQL runs) take turns on the CPU, each beside the browser suite, instead of
// both at once, which would double every CPU-bound test's duration and crowd its deadline.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const projects = args.length > 0 ? args : ['unit', 'api', 'security', 'e2e'];
const ownPhotoCache = process.env.DEMO_PHOTO_CACHE
  ? undefined
  : fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-demo-photos-'));
if (ownPhotoCache) process.env.DEMO_PHOTO_CACHE = ownPhotoCache;
console.log(`Running the ${projects.join(', ')} suites`);
let passed = 0;
let failed = 0;
let exitCode = 0;

/** Runs a command to its end; its output goes to ours, or to `logFile` when given. */
function run(cmd: string, cmdArgs: string[], opts: { logFile?: string } = {}): Promise<number> {
  const out = opts.logFile ? fs.openSync(opts.logFile, 'w') : 'inherit';
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

// The SSR tests (api, security) and the browser tests (e2e) need the built web app.
if (
  process.env.SKIP_WEB_BUILD !== '1' &&
  projects.some((p) => p === 'e2e' || p === 'api' || p === 'security')
) {
  if ((await run('npm', ['run', 'build'])) !== 0) {
    console.error('web build failed');
    failed += 1;
    exitCode = 1;
  }
}

interface Counts {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string }[];
  }[];
}

/** The failed tests' names, printed again after every log so the run's last lines say what failed. */
const failures: string[] = [];

/** One vitest process over some projects; adds its counts from its JSON report. */
async function vitest(group: string[], opts: { logFile?: string; cpuLock?: string } = {}): Promise<void> {
  const report = path.join(os.tmpdir(), `encanto-vitest-${process.pid}-${group.join('-')}.json`);
  const command = [
    path.join(root, 'node_modules/.bin/vitest'),
    'run',
    ...group.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const status = opts.cpuLock
    ? await run('flock', [opts.cpuLock, ...command], opts)
    : await run(command[0]!, command.slice(1), opts);
  let groupFailed: number;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as Counts;
    passed += json.numPassedTests;
    for (const file of json.testResults) {
      const where = path.relative(root, file.name);
      const names = file.assertionResults.filter((t) => t.status === 'failed').map((t) => t.fullName);
      for (const name of names) failures.push(`${where} > ${name}`);
      if (names.length === 0 && file.message) failures.push(`${where}: ${file.message.split('\n')[0]}`);
    }
    groupFailed = json.numFailedTests + (json.numFailedTests === 0 ? json.numFailedTestSuites : 0);
    fs.rmSync(report, { force: true });
  } catch {
    groupFailed = 1;
  }
  // A run that failed without a failed test (a crashed worker, an error outside the tests) still fails.
  if (status !== 0 && groupFailed === 0) groupFailed = 1;
  failed += groupFailed;
  if (status !== 0) exitCode = 1;
}

const nodeSuites = projects.filter((p) => p !== 'e2e');
const cpuLock = process.env.TEST_CPU_LOCK || undefined;
const browser = projects.includes('e2e');
const runs: Promise<void>[] = [];
let browserLog: string | undefined;
if (browser && nodeSuites.length > 0) {
  browserLog = path.join(os.tmpdir(), `encanto-e2e-${process.pid}.log`);
  console.log(`The e2e suite runs beside them; its log follows theirs.`);
  runs.push(vitest(['e2e'], { logFile: browserLog }));
  runs.push(vitest(nodeSuites, { cpuLock }));
} else if (browser) {
  runs.push(vitest(['e2e']));
} else {
  runs.push(vitest(nodeSuites, { cpuLock }));
}
await Promise.all(runs);
if (browserLog) {
  console.log('\n== e2e suite');
  process.stdout.write(fs.readFileSync(browserLog, 'utf8'));
  fs.rmSync(browserLog, { force: true });
}
if (ownPhotoCache) fs.rmSync(ownPhotoCache, { recursive: true, force: true });
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
