/**
 * `npm run bench -- --memory`: resident memory of the server started as a newcomer starts it
 * (`npm start`: node scripts/start.ts, NODE_ENV unset, demo data seeded into an empty DATA_DIR), on
 * PGlite and on PostgreSQL: idle after start, then the peak under a soak of mixed public reads at 20
 * connections where every page request is rendered (a new query string each time, so none comes from the
 * public cache). Writes the table into bench/RESULTS.md; bench/reliability.ts --short runs the short form
 * and fails when a figure passes its limit (decision 0151).
 *
 *   npm run bench -- --memory                  # 10 s idle, 60 s soak per engine, photos generated
 *   node bench/memory.ts --short               # 3 s idle, 6 s soak (what CI runs, through reliability.ts)
 *   MEMORY_ENGINES=pglite MEMORY_ENV='RENDER_THREADS=0' npm run bench -- --memory
 *
 * The newcomer's first start encodes the demo photos; the full form does (DEMO_PHOTO_CACHE unset), the
 * short form keeps a DEMO_PHOTO_CACHE the environment gives (CI's, filled by the earlier seeds) for time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  adminUrl,
  dropDatabase,
  ensureBuilt,
  freePort,
  freshDatabase,
  loadavg,
  machine,
  nodeBin,
  root,
  runId,
  sleep,
  tmpDir,
  waitFor,
  writeSection,
} from './lib.ts';

export type Engine = 'pglite' | 'postgres';

/** The limits of decision 0151: a 1 GB server keeps room for PostgreSQL itself and the system. */
export const limits = {
  pglite: { idle: 256, peak: 512 },
  postgres: { idle: 256, peak: 384 },
} as const;

export interface MemoryResult {
  engine: Engine;
  startSeconds: number;
  startPeak: number;
  idle: number;
  peak: number;
  after: number;
  requests: number;
  errors: number;
  rendered: number;
  split: { idle: Probe | undefined; peak: Probe | undefined };
}

type Probe = Record<string, number>;

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The largest resident process among `pid` and its descendants (npm start's first-start process). */
function largestInTree(pid: number): number {
  let largest = rssMb(pid);
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : [])
        largest = Math.max(largest, largestInTree(Number(child)));
    }
  } catch {
    // gone meanwhile
  }
  return largest;
}

function readProbe(file: string): Probe | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Probe;
  } catch {
    return undefined;
  }
}

/** MEMORY_SOAK_S shortens the full form's soak for a quick comparison. */
const soakSeconds = (o: { short: boolean }) => Number(process.env.MEMORY_SOAK_S ?? (o.short ? 6 : 60));

function extraEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (process.env.MEMORY_ENV ?? '').split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/** One engine: start as a newcomer, wait idle, soak, stop. */
export async function measureEngine(engine: Engine, o: { short: boolean }): Promise<MemoryResult> {
  const dataDir = tmpDir(`encanto-memory-${engine}-`);
  const probeFile = path.join(dataDir, 'probe.json');
  const port = freePort();
  const dbName = `encanto_memory_${runId}`;
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'DEMO_DATA', 'RATE_LIMIT', 'RENDER_THREADS', 'LOG_FORMAT'])
    delete env[name];
  if (!o.short) delete env.DEMO_PHOTO_CACHE;
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    // The soak is 20 connections from one address: the newcomer's limits would answer 429s, not pages.
    RATE_LIMIT: 'false',
    NODE_OPTIONS:
      `${env.NODE_OPTIONS ?? ''} --import ${path.join(import.meta.dirname, 'memory-probe.ts')}`.trim(),
    MEMORY_PROBE_FILE: probeFile,
    MEMORY_PROBE_MS: '500',
    ...extraEnv(),
  });
  if (engine === 'postgres') env.DATABASE_URL = await freshDatabase(adminUrl, dbName);
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(
    nodeBin,
    [...(process.env.MEMORY_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'scripts/start.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const pid = child.pid!;
  const base = `http://127.0.0.1:${port}`;
  try {
    const started = performance.now();
    let startPeak = 0;
    const during = setInterval(() => (startPeak = Math.max(startPeak, largestInTree(pid))), 250);
    try {
      await waitFor(`${base}/api/ready`, child, 180_000);
    } catch (err) {
      const tail = fs
        .readFileSync(path.join(dataDir, 'server.log'), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
      throw new Error(`${(err as Error).message}\n${tail}`, { cause: err });
    } finally {
      clearInterval(during);
    }
    const startSeconds = (performance.now() - started) / 1000;
    startPeak = Math.max(startPeak, rssMb(pid));
    await sleep(o.short ? 3000 : 10_000);
    const idle = rssMb(pid);
    const idleSplit = readProbe(probeFile);

    // Six public routes of the demo directory; pages carry a new query string per request.
    const latest = (await (await fetch(`${base}/api/ultimos`)).json()) as { nickname: string }[];
    const nick = latest[0]?.nickname;
    if (!nick) throw new Error('no demo profile listed');
    const routes = [
      { path: '/escorts/santiago', page: true },
      { path: `/Card/${encodeURIComponent(nick)}`, page: true },
      { path: '/', page: true },
      { path: '/api/usuario/ciudad/Santiago', page: false },
      { path: '/api/ultimos', page: false },
      { path: '/api/escorts?comuna=santiago', page: false },
    ];
    let n = 0;
    let rendered = 0;
    let peak = idle;
    let peakSplit = idleSplit;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now > peak) {
        peak = now;
        peakSplit = readProbe(probeFile) ?? peakSplit;
      }
    }, 250);
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: base,
        connections: 20,
        duration: soakSeconds(o),
        requests: [
          {
            setupRequest: (req) => {
              const route = routes[n++ % routes.length]!;
              if (route.page) rendered++;
              const p = route.page
                ? `${route.path}${route.path.includes('?') ? '&' : '?'}v=${n}`
                : route.path;
              return { ...req, path: p };
            },
          },
        ],
      });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMb(pid));
    if (!o.short) await sleep(3000);
    return {
      engine,
      startSeconds,
      startPeak,
      idle,
      peak,
      after: rssMb(pid),
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
      rendered,
      split: { idle: idleSplit, peak: peakSplit },
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (engine === 'postgres') await dropDatabase(adminUrl, dbName).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const splitText = (p: Probe | undefined) =>
  p
    ? `heap ${p.heapUsed}/${p.heapTotal}, external ${p.external} (array buffers ${p.arrayBuffers}), WebAssembly ${p.wasm}, malloc ${p.mallocMain} + arenas ${p.mallocArenas}, files ${p.files}, other anonymous ${p.otherAnon}; ${p.threads} threads`
    : 'n/a';

export function memoryMarkdown(
  results: MemoryResult[],
  o: { short: boolean; started: string; loadBefore: string },
) {
  const lines = [
    `Command: \`${o.short ? 'node bench/memory.ts --short' : 'npm run bench -- --memory'}\` (bench/memory.ts). Date: ${o.started}. Machine: ${machine()}. Load average before: ${o.loadBefore}; after: ${loadavg()}.`,
    `Server: \`node scripts/start.ts\` as \`npm start\` runs it (NODE_ENV unset, demo data seeded into an empty DATA_DIR${o.short ? '' : ', demo photos encoded'}; RATE_LIMIT=false so one address's load is answered); idle ${o.short ? 3 : 10} s after /api/ready; soak: autocannon, 20 connections, ${soakSeconds(o)} s over /escorts/santiago, /Card/{nick} and / (each with a new query string, so every page request is rendered) and /api/usuario/ciudad/Santiago, /api/ultimos, /api/escorts?comuna=santiago. RSS of the server process (/proc/PID/status), sampled every 250 ms.`,
    '',
    '| engine | start s | start peak MB (largest process) | idle MB (limit) | soak peak MB (limit) | 3 s after MB | requests | pages rendered | errors |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const l = limits[r.engine];
    lines.push(
      `| ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.startSeconds.toFixed(1)} | ${r.startPeak} | ${r.idle} (< ${l.idle}) | ${r.peak} (< ${l.peak}) | ${r.after} | ${r.requests} | ${r.rendered} | ${r.errors} |`,
    );
  }
  lines.push('');
  for (const r of results) {
    lines.push(`- ${r.engine} idle split (MB): ${splitText(r.split.idle)}.`);
    lines.push(`- ${r.engine} at the peak sample (MB): ${splitText(r.split.peak)}.`);
  }
  return lines.join('\n');
}

export async function runMemory(o: { short: boolean }): Promise<MemoryResult[]> {
  ensureBuilt();
  const started = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const loadBefore = loadavg();
  const engines = (process.env.MEMORY_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
  const results: MemoryResult[] = [];
  for (const engine of engines) {
    const r = await measureEngine(engine, o);
    console.log(`  memory ${engine}: ${JSON.stringify({ ...r, split: undefined })}`);
    results.push(r);
  }
  const md = memoryMarkdown(results, { ...o, started, loadBefore });
  console.log(`\n${md}`);
  if (!o.short && !process.env.BENCH_NO_WRITE)
    writeSection('bench:memory', 'Memory on a small server (npm run bench -- --memory)', md);
  return results;
}

/** The soak's peak at or past its engine's limit (the check CI makes); idle is reported beside it. */
export const overLimit = (r: MemoryResult) => r.peak >= limits[r.engine].peak;

if (import.meta.main) {
  const results = await runMemory({ short: process.argv.includes('--short') });
  process.exitCode = results.some(overLimit) ? 1 : 0;
}
