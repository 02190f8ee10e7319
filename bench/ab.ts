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
      const r: Record<'bare' | 'before' | 'after', Row[]> = { bare: [], before: [], after: [] };
      for (let i = 0; i < rounds; i++) {
        // Alternate the order so neither server always follows the bare one.
        r.bare.push(await load(`${bare.url}${p}`, {}, seconds));
        if (i % 2 === 0) {
          r.before.push(await load(`${old.url}${p}`, {}, seconds));
          r.after.push(await load(`${cur.url}${p}`, {}, seconds));
        } else {
          r.after.push(await load(`${cur.url}${p}`, {}, seconds));
          r.before.push(await load(`${old.url}${p}`, {}, seconds));
        }
        console.log(
          `  round ${i + 1} (load ${loadavg()}): bare ${r.bare[i]!.reqPerSec}, before ${r.before[i]!.reqPerSec} p99 ${r.before[i]!.p99}, after ${r.after[i]!.reqPerSec} p99 ${r.after[i]!.p99}`,
        );
      }
      await bare.stop();
      const m = (xs: Row[]) => Math.round(xs.reduce((a, x) => a + x.reqPerSec, 0) / xs.length);
      const p99 = (xs: Row[]) => Math.max(...xs.map((x) => x.p99));
      console.log(
        `${p}: bare ${m(r.bare)} req/s; before ${m(r.before)} req/s (${Math.round((m(r.before) / m(r.bare)) * 100)}% of bare, p99 ${p99(r.before)} ms); after ${m(r.after)} req/s (${Math.round((m(r.after) / m(r.bare)) * 100)}% of bare, p99 ${p99(r.after)} ms)`,
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
