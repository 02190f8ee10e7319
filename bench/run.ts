/**
 * npm run bench: the production server (built web app, NODE_ENV=production,
 * default logging) on PostgreSQL and on PGlite with a known data set, and
 * autocannon scenarios at 50 connections, each beside two baselines measured
 * in the same run: GET /api/health on the same server and a bare node:http
 * server returning the same bytes and headers. Writes its tables into bench/RESULTS.md.
 *
 *   npm run bench                      # both databases, 10 s per run, 2 rounds
 *   npm run bench -- --render-tail     # only the per-request render tail (bench/render-tail.ts)
 *   npm run bench -- --memory          # only resident memory of the newcomer's start, idle and under a soak (bench/memory.ts)
 *   npm run bench -- --scale           # also the 1k -> 100k scale run (bench/scale.ts) and the search's (bench/discovery.ts)
 *   BENCH_SECONDS=5 BENCH_ROUNDS=1 BENCH_DRIVERS=postgres npm run bench
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * a database `encanto_bench_<run>` is created and dropped. Rate limits are off (RATE_LIMIT=false).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  adminUrl,
  CITY,
  cleanupOnSignal,
  clientEmail,
  dropDatabase,
  ensureBuilt,
  escortNick,
  freePort,
  freshDatabase,
  loadavg,
  machine,
  nodeBin,
  openPglite,
  PASSWORD,
  rssMb,
  runId,
  sampleRss,
  seedClients,
  seedEscorts,
  sleep,
  startServer,
  stopAll,
  tmpDir,
  waitFor,
  writeSection,
  type Server,
  type Sql,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const drivers = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const connections = 50;
const DB_NAME = `encanto_bench_${runId}`;

export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export const scenarios: Scenario[] = [
  { name: `listing: GET /api/usuario/ciudad/${CITY} (50 profiles)`, path: `/api/usuario/ciudad/${CITY}` },
  { name: 'latest: GET /api/ultimos (60 profiles)', path: '/api/ultimos' },
  { name: 'SSR city page: GET /escorts/santiago', path: '/escorts/santiago' },
  // Discovery search (decision 0086): the search's first page (cached) and a filtered city page rendered by the server.
  {
    name: 'search: GET /api/escorts?comuna=santiago&genero=Femenino&orden=calificacion',
    path: '/api/escorts?comuna=santiago&genero=Femenino&orden=calificacion',
  },
  {
    name: 'SSR filtered city page: GET /escorts/santiago?genero=Femenino&orden=calificacion',
    path: '/escorts/santiago?genero=Femenino&orden=calificacion',
  },
  { name: `SSR card: GET /Card/${escortNick(1)}`, path: `/Card/${escortNick(1)}` },
  {
    name: 'login: POST /api/cliente/login (argon2id verify)',
    path: '/api/cliente/login',
    method: 'POST',
    body: JSON.stringify({ email: clientEmail(1), pass: PASSWORD }),
    headers: { 'content-type': 'application/json' },
  },
];

// BENCH_ONLY=search,SSR filtered: only the scenarios whose name contains one of the words.
const only = process.env.BENCH_ONLY?.split(',');
const picked = only ? scenarios.filter((s) => only.some((w) => s.name.includes(w))) : scenarios;

export interface Row {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

export function summarize(r: autocannon.Result): Row {
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export async function load(
  url: string,
  s: Partial<Scenario> = {},
  duration = seconds,
  conns = connections,
): Promise<Row> {
  const result = await autocannon({
    url,
    connections: conns,
    duration,
    pipelining: 1,
    method: s.method ?? 'GET',
    ...(s.body ? { body: s.body } : {}),
    ...(s.headers ? { headers: s.headers } : {}),
  });
  return summarize(result);
}

/** A bare node:http server in its own process answering every request with the captured response. */
export async function startBare(response: { status: number; headers: Record<string, string>; body: Buffer }) {
  const file = path.join(tmpDir('encanto-bare-'), 'response.json');
  fs.writeFileSync(file, JSON.stringify({ ...response, body: response.body.toString('base64') }));
  const port = freePort();
  const child = spawn(
    nodeBin,
    [
      '-e',
      `const http=require('node:http');const r=JSON.parse(require('node:fs').readFileSync(process.argv[1],'utf8'));
       const body=Buffer.from(r.body,'base64');const h={...r.headers,'content-length':body.length};
       http.createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(r.status,h);s.end(body)})}).listen(${port},'127.0.0.1')`,
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await waitFor(`http://127.0.0.1:${port}/`, child, 10_000);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/** The response the server gives for a scenario, with the headers a bare server should repeat. */
export async function capture(base: string, s: Scenario) {
  const res = await fetch(`${base}${s.path}`, {
    method: s.method ?? 'GET',
    ...(s.body ? { body: s.body } : {}),
    ...(s.headers ? { headers: s.headers } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${s.path}: status ${res.status} ${body.toString().slice(0, 200)}`);
  // Every header the API sends but those of the transport (node:http writes its own) and of the
  // compression fetch asked for (autocannon does not, so the API sends the plain body): the bare server
  // sends the same bytes and headers, security headers included, as the listing target defines it.
  const transport = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'content-encoding',
    'transfer-encoding',
  ]);
  const headers: Record<string, string> = {};
  for (const [k, v] of res.headers) if (!transport.has(k)) headers[k] = v;
  return { status: res.status, headers, body };
}

/** 1,000 listed escorts (50 in CITY, 950 over the other comunas), 200 pending in CITY, 1,000 clients. */
export async function seedKnown(db: Sql): Promise<void> {
  await seedEscorts(db, { from: 1, to: 1200, inCity: 50, pendingInCity: 200 });
  await seedClients(db, { from: 1, to: 1000 });
  await db.query('analyze');
}

interface DriverResult {
  driver: string;
  health: Row[];
  rows: { scenario: Scenario; bytes: number; bare: Row[]; api: Row[] }[];
  rss: { idle: number; peak: number; after: number };
}

async function benchDriver(driver: 'postgres' | 'pglite'): Promise<DriverResult> {
  const dataDir = tmpDir(`encanto-bench-${driver}-`);
  let server: Server | undefined;
  try {
    let databaseUrl: string | undefined;
    if (driver === 'postgres') {
      databaseUrl = await freshDatabase(adminUrl, DB_NAME);
      server = await startServer({ databaseUrl, dataDir });
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', () => {});
      await c.connect();
      try {
        await seedKnown(c);
      } finally {
        await c.end();
      }
    } else {
      // PGlite is single-process: migrate with the server, stop it, seed the files, start again.
      server = await startServer({ dataDir });
      await server.stop();
      const db = await openPglite(path.join(dataDir, 'pglite'));
      await seedKnown(db);
      await db.close();
      server = await startServer({ dataDir });
    }
    const listing = JSON.parse((await capture(server.url, scenarios[0]!)).body.toString()) as unknown[];
    if (listing.length !== 50) throw new Error(`expected 50 profiles in ${CITY}, got ${listing.length}`);
    await sleep(2000);
    const idle = rssMb(server.pid);
    const rss = sampleRss(server.pid);
    const captured: Awaited<ReturnType<typeof capture>>[] = [];
    for (const s of picked) {
      captured.push(await capture(server.url, s));
      await load(`${server.url}${s.path}`, s, 2); // warm-up
    }
    const result: DriverResult = { driver, health: [], rows: [], rss: { idle, peak: 0, after: 0 } };
    result.rows = picked.map((scenario, i) => ({
      scenario,
      bytes: captured[i]!.body.length,
      bare: [],
      api: [],
    }));
    for (let round = 0; round < rounds; round++) {
      result.health.push(await load(`${server.url}/api/health`));
      for (const [i, s] of picked.entries()) {
        const bare = await startBare(captured[i]!);
        try {
          // Bare first, then the API, per scenario and per round, so load drift hits both alike.
          result.rows[i]!.bare.push(await load(`${bare.url}${s.path}`, s));
          result.rows[i]!.api.push(await load(`${server.url}${s.path}`, s));
        } finally {
          await bare.stop();
        }
        console.log(
          `  ${driver} round ${round + 1}: ${s.name}: api ${JSON.stringify(result.rows[i]!.api.at(-1))} bare ${JSON.stringify(result.rows[i]!.bare.at(-1))}`,
        );
      }
    }
    result.rss.peak = rss.stop();
    await sleep(3000);
    result.rss.after = rssMb(server.pid);
    return result;
  } finally {
    await server?.stop();
    if (driver === 'postgres') await dropDatabase(adminUrl, DB_NAME).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;

function markdown(results: DriverResult[], started: string, loadBefore: string): string {
  const lines: string[] = [];
  const only = process.env.BENCH_ONLY ? `BENCH_ONLY=${process.env.BENCH_ONLY} ` : '';
  lines.push(`Command: \`${only}npm run bench\` (bench/run.ts). Date: ${started}. Machine: ${machine()}.`);
  lines.push(
    `Load average before the run: ${loadBefore}; after: ${loadavg()}. autocannon, ${connections} connections, ${seconds} s per measurement, ${rounds} round(s); in every round each scenario's bare node:http server and then the API are measured back to back, and GET /api/health once per round.`,
  );
  lines.push(
    'Server: `node apps/api/src/server.ts`, NODE_ENV=production, default log level (info, to a file), RATE_LIMIT=false. Data: 1,000 listed escorts (50 in Santiago), 200 pending in Santiago, 1,000 clients.',
  );
  for (const r of results) {
    lines.push('', `### ${r.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, '');
    lines.push(
      '| scenario | bytes | API req/s | API p50 ms | API p99 ms | bare req/s | bare p99 ms | API / bare | API / health | errors |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    const health = mean(r.health.map((h) => h.reqPerSec));
    lines.push(
      `| GET /api/health (baseline) | 15 | ${health} | ${mean(r.health.map((h) => h.p50))} | ${Math.max(...r.health.map((h) => h.p99))} | | | | 100% | ${r.health.reduce((a, h) => a + h.errors, 0)} |`,
    );
    for (const row of r.rows) {
      const api = mean(row.api.map((x) => x.reqPerSec));
      const bare = mean(row.bare.map((x) => x.reqPerSec));
      lines.push(
        `| ${row.scenario.name} | ${row.bytes} | ${api} | ${mean(row.api.map((x) => x.p50))} | ${Math.max(...row.api.map((x) => x.p99))} | ${bare} | ${Math.max(...row.bare.map((x) => x.p99))} | ${pct(api, bare)} | ${pct(api, health)} | ${row.api.reduce((a, x) => a + x.errors, 0)} |`,
      );
    }
    lines.push(
      '',
      `Per round (API req/s / bare req/s): ${r.rows.map((row) => `${row.scenario.path}: ${row.api.map((a, i) => `${a.reqPerSec}/${row.bare[i]!.reqPerSec}`).join(', ')}`).join('; ')}.`,
    );
    lines.push(
      `Server RSS: ${r.rss.idle} MB idle after seeding, ${r.rss.peak} MB peak under load, ${r.rss.after} MB 3 s after the load.`,
    );
  }
  const pgListing = results.find((r) => r.driver === 'postgres')?.rows[0];
  if (pgListing && pgListing.scenario === scenarios[0]) {
    const ratio = mean(pgListing.api.map((x) => x.reqPerSec)) / mean(pgListing.bare.map((x) => x.reqPerSec));
    const p99 = Math.max(...pgListing.api.map((x) => x.p99));
    lines.push(
      '',
      `Listing target (PostgreSQL, 50 connections): API / bare = ${Math.round(ratio * 100)}% (target >= 60%: ${ratio >= 0.6 ? 'met' : 'NOT met'}), p99 ${p99} ms in the worst round (target < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}).`,
    );
  }
  return lines.join('\n');
}

// Kept in lib.ts (bench/render-tail.ts needs it without importing this module while its main() runs).
export { writeSection };

async function main() {
  cleanupOnSignal();
  if (process.argv.includes('--render-tail')) {
    // Render tail (decision 0107): only the per-request render under load (bench/render-tail.ts).
    const { runRenderTail } = await import('./render-tail.ts');
    return runRenderTail();
  }
  if (process.argv.includes('--memory')) {
    // Memory on a small server (decision 0151): npm start's process on each engine (bench/memory.ts).
    const { runMemory, overLimit } = await import('./memory.ts');
    const results = await runMemory({ short: process.argv.includes('--short') });
    process.exitCode = results.some(overLimit) ? 1 : 0;
    return;
  }
  const started = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const loadBefore = loadavg();
  ensureBuilt();
  console.log(`bench: ${machine()}`);
  const results: DriverResult[] = [];
  try {
    for (const d of drivers) results.push(await benchDriver(d));
  } finally {
    await stopAll();
  }
  const md = markdown(results, started, loadBefore);
  console.log(`\n${md}`);
  if (!process.env.BENCH_NO_WRITE)
    writeSection(
      process.env.BENCH_SECTION ?? 'bench:run',
      process.env.BENCH_SECTION
        ? `Scenarios beside their baselines (${process.env.BENCH_SECTION})`
        : 'Scenarios beside their baselines (npm run bench)',
      md,
    );
  if (process.argv.includes('--scale')) {
    const { runScale } = await import('./scale.ts');
    await runScale();
    // Discovery search (decision 0086): the filter/sort combinations at 100,000 escorts (bench/discovery.ts).
    const { runDiscovery } = await import('./discovery.ts');
    await runDiscovery();
  }
}

if (import.meta.main) await main();
