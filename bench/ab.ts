/**
 * Before/after comparison of a server change on a busy machine: the server of
 * a git revision (default HEAD, i.e. without the working tree's changes) and
 * the working tree's server run side by side on one PostgreSQL database, and
 * are measured alternately, round by round, beside the bare node:http baseline.
 *
 *   node bench/ab.ts [rev] [path...]     # default: HEAD, the listing
 *   AB_AFTER_ENV=METRICS_TOKEN=x... node bench/ab.ts main   # extra env for the working tree's server
 *
 * The revision's apps/api and packages/core are exported with `git archive`
 * into a temp folder whose node_modules links to this tree's packages.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  adminUrl,
  CITY,
  cleanupOnSignal,
  dropDatabase,
  ensureBuilt,
  freshDatabase,
  loadavg,
  machine,
  root,
  runId,
  startServer,
  stopAll,
  tmpDir,
} from './lib.ts';
import { capture, load, seedKnown, startBare, type Row } from './run.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** `K=V,K=V`: configuration only the working tree's server gets (e.g. a feature switched on). */
const afterEnv = Object.fromEntries(
  (process.env.AB_AFTER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Measured = Row & { cpuUs: number };

/**
 * A load run with the server's CPU time per request beside the throughput: on a machine shared with
 * other work, req/s swings with the neighbours' load, CPU per request much less.
 */
async function measured(pid: number, url: string): Promise<Measured> {
  const before = cpuMs(pid);
  const row = await load(url, {}, seconds);
  const used = cpuMs(pid) - before;
  return { ...row, cpuUs: Math.round((used * 1000) / Math.max(1, row.reqPerSec * seconds)) };
}

/** A copy of apps/api and packages/core at `rev`, runnable with this tree's node_modules. */
function checkout(rev: string): string {
  const dir = tmpDir('encanto-ab-');
  execSync(`git archive ${rev} apps/api packages/core package.json | tar -x -C ${dir}`, { cwd: root });
  // Data files the revision reads but git does not hold (ignored), taken from this tree.
  fs.cpSync(path.join(root, 'packages/core/src/data'), path.join(dir, 'packages/core/src/data'), {
    recursive: true,
  });
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(nm, '@encanto'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@encanto' || entry === '.bin') continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(nm, entry));
  }
  fs.symlinkSync(path.join(dir, 'packages/core'), path.join(nm, '@encanto/core'));
  fs.symlinkSync(path.join(dir, 'apps/api'), path.join(nm, '@encanto/api'));
  return dir;
}

async function main() {
  cleanupOnSignal();
  const rev = process.argv[2] ?? 'HEAD';
  const paths = process.argv.slice(3);
  if (paths.length === 0) paths.push(`/api/usuario/ciudad/${CITY}`);
  ensureBuilt();
  const before = checkout(rev);
  const name = `encanto_ab_${runId}`;
  const databaseUrl = await freshDatabase(adminUrl, name);
  const dataDir = tmpDir('encanto-ab-data-');
  try {
    const old = await startServer({ databaseUrl, dataDir, cwd: before });
    const cur = await startServer({ databaseUrl, dataDir, env: afterEnv });
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await seedKnown(c);
    await c.end();
    console.log(
      `A/B ${rev} vs working tree${Object.keys(afterEnv).length ? ` with ${Object.keys(afterEnv).join(', ')}` : ''}, ${machine()}, ${rounds} rounds of ${seconds} s`,
    );
    for (const p of paths) {
      const bare = await startBare(await capture(cur.url, { name: p, path: p }));
      await load(`${old.url}${p}`, {}, 2);
      await load(`${cur.url}${p}`, {}, 2);
      const r = { bare: [] as Row[], before: [] as Measured[], after: [] as Measured[] };
      for (let i = 0; i < rounds; i++) {
        // Alternate the order so neither server always follows the bare one.
        r.bare.push(await load(`${bare.url}${p}`, {}, seconds));
        if (i % 2 === 0) {
          r.before.push(await measured(old.pid, `${old.url}${p}`));
          r.after.push(await measured(cur.pid, `${cur.url}${p}`));
        } else {
          r.after.push(await measured(cur.pid, `${cur.url}${p}`));
          r.before.push(await measured(old.pid, `${old.url}${p}`));
        }
        console.log(
          `  round ${i + 1} (load ${loadavg()}): bare ${r.bare[i]!.reqPerSec}, before ${r.before[i]!.reqPerSec} p99 ${r.before[i]!.p99} ${r.before[i]!.cpuUs} µs CPU/req, after ${r.after[i]!.reqPerSec} p99 ${r.after[i]!.p99} ${r.after[i]!.cpuUs} µs CPU/req`,
        );
      }
      await bare.stop();
      const m = (xs: Row[]) => Math.round(xs.reduce((a, x) => a + x.reqPerSec, 0) / xs.length);
      const p99 = (xs: Row[]) => Math.max(...xs.map((x) => x.p99));
      const median = (xs: Measured[]) =>
        xs.map((x) => x.cpuUs).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      console.log(
        `${p}: bare ${m(r.bare)} req/s; before ${m(r.before)} req/s (${Math.round((m(r.before) / m(r.bare)) * 100)}% of bare, p99 ${p99(r.before)} ms, median ${median(r.before)} µs CPU/req); after ${m(r.after)} req/s (${Math.round((m(r.after) / m(r.bare)) * 100)}% of bare, p99 ${p99(r.after)} ms, median ${median(r.after)} µs CPU/req)`,
      );
    }
  } finally {
    await stopAll();
    await dropDatabase(adminUrl, name).catch(() => {});
    fs.rmSync(before, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
