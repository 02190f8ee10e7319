/**
 * CPU profile of the production server under one scenario (node --cpu-prof),
 * on PostgreSQL with the bench data set, printing the functions with the most
 * self time. Used to find what to fix when a target in RESULTS.md is missed.
 *
 *   node bench/profile.ts [path] [seconds]      # default /api/usuario/ciudad/Santiago, 10 s
 *   node bench/profile.ts uncached               # the listing under a new spelling per request (cache misses)
 */
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
  runId,
  startServer,
  stopAll,
  tmpDir,
} from './lib.ts';
import { load, seedKnown } from './run.ts';
import { loadPaths, uncachedPath } from './scale.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name + file:line), as a share of all samples. */
export function topFunctions(file: string, n = 30): string[] {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

async function main() {
  cleanupOnSignal();
  const target = process.argv[2] ?? `/api/usuario/ciudad/${CITY}`;
  const seconds = Number(process.argv[3] ?? 10);
  ensureBuilt();
  const dataDir = tmpDir('encanto-profile-');
  const profDir = path.join(dataDir, 'prof');
  const name = `encanto_profile_${runId}`;
  const databaseUrl = await freshDatabase(adminUrl, name);
  try {
    const server = await startServer({
      databaseUrl,
      dataDir,
      env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir}` },
    });
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await seedKnown(c);
    await c.end();
    let n = 1;
    const run = (s: number) =>
      target === 'uncached'
        ? loadPaths(server.url, () => uncachedPath(n++), s)
        : load(`${server.url}${target}`, {}, s);
    await run(2);
    const row = await run(seconds);
    console.log(`${target}: ${JSON.stringify(row)}`);
    await server.stop();
    const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    const keep = path.join('/tmp', `encanto-${Date.now()}.cpuprofile`);
    fs.copyFileSync(path.join(profDir, file), keep);
    console.log(`profile: ${keep}\n${topFunctions(keep).join('\n')}`);
  } finally {
    await stopAll();
    await dropDatabase(adminUrl, name).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
