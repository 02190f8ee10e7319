/**
 * "The render tail" (decision 0107): pages rendered on every request (a unique query
 * string each time, so the page cache misses) at 50 connections for 30 s,
 * beside the same render measured alone (1 connection). Targets: p99 < 300 ms,
 * no request over 1 s, 50-connection throughput within 2x of the lone render.
 *
 *   npm run bench -- --render-tail          # or: node bench/render-tail.ts
 *   BENCH_DRIVERS=pglite TAIL_SECONDS=30 node bench/render-tail.ts
 *   BENCH_COOKIE='encanto_sesion=…' node bench/render-tail.ts   # another cookie for the signed-in page
 *   TAIL_PROFILE_PATH=/panel/perfil TAIL_NO_WRITE=1 node bench/render-tail.ts
 *
 * Every request carries `?b=<n>` (n unique in the run): the listing ignores unknown parameters, so
 * the page is the full first page of /Escort (24 cards), rendered anew, while its API read may come from the cache
 * as it does in production. Each page is checked once (status 200, 24 cards) before the load.
 */
import path from 'node:path';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { searchLimits } from '@encanto/core/search-params';
import {
  adminUrl,
  cleanupOnSignal,
  dropDatabase,
  ensureBuilt,
  escortNick,
  freshDatabase,
  loadavg,
  machine,
  openPglite,
  PASSWORD,
  runId,
  seedEscorts,
  seedClients,
  sleep,
  startServer,
  stopAll,
  tmpDir,
  type Server,
  type Sql,
  writeSection,
} from './lib.ts';

const seconds = Number(process.env.TAIL_SECONDS ?? 30);
const aloneSeconds = Number(process.env.TAIL_ALONE_SECONDS ?? 10);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as ('postgres' | 'pglite')[];
/** The signed-in page's cookie: BENCH_COOKIE, or else the first seeded escort signs in (signInCookie). */
const cookie = process.env.BENCH_COOKIE;
/** The signed-in profile page, as the cookie's user sees it (rendered for her, never from the public cache). */
const profilePath = process.env.TAIL_PROFILE_PATH ?? '/panel/perfil';
/** Extra node flags for the server under load, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--trace-gc`. */
const nodeArgs = (process.env.TAIL_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Only the scenarios whose name contains one of these words (comma-separated), e.g. `Escort`. */
const only = (process.env.TAIL_ONLY ?? '').split(',').filter(Boolean);
const CONNECTIONS = 50;
/** A listing page holds 24 cards today (the feature request's "60" predates the paged search, decision 0086). */
const PAGE = searchLimits.defaultLimit;

interface TailScenario {
  name: string;
  path: string;
  /** What one good answer must contain, checked before the load. */
  check: (html: string) => string | null;
  headers?: Record<string, string>;
  /** Sent with the session cookie of a signed-in escort. */
  signedIn?: boolean;
}

/** Signs the first seeded escort in through the API and returns her session cookie (`name=value`). */
async function signInCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/usuario/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${escortNick(1)}@bench.cl`, pass: PASSWORD }),
  });
  const set = res.headers.get('set-cookie');
  if (res.status !== 200 || !set) throw new Error(`bench login: ${res.status} ${await res.text()}`);
  return set.split(';')[0]!;
}

/** Cards on the listing: one link per profile card to /Card/<nick>. */
const cardCount = (html: string) => new Set(html.match(/href="\/Card\/[^"?#]+"/g) ?? []).size;

const scenarios: TailScenario[] = [
  {
    name: `listing /Escort (${PAGE} cards)`,
    path: '/Escort',
    check: (html) => (cardCount(html) === PAGE ? null : `expected ${PAGE} cards, found ${cardCount(html)}`),
  },
  {
    name: `public profile /Card/${escortNick(1)}`,
    path: `/Card/${escortNick(1)}`,
    check: (html) => (html.includes(escortNick(1)) ? null : 'nickname missing'),
  },
  {
    name: `signed-in profile ${profilePath} (${cookie ? 'BENCH_COOKIE' : `session cookie of ${escortNick(1)}`})`,
    path: profilePath,
    // Her e-mail is in the account form: only a page rendered for her holds it.
    check: (html) => (html.includes(`${escortNick(1)}@bench.cl`) || cookie ? null : 'not rendered for her'),
    signedIn: true,
  },
];

interface Tail {
  /** The server's CPU time (user + system) per answered request: steadier than req/s on a shared machine. */
  cpuMsPerReq: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  over1s: number;
  errors: number;
  load: string;
}

let counter = 0;
/** autocannon with a fresh `b=<n>` on every request (the page cache key is the whole URL). */
async function tailLoad(
  base: string,
  s: TailScenario,
  connections: number,
  duration: number,
  pid?: number,
): Promise<Tail> {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const sep = s.path.includes('?') ? '&' : '?';
  let over1s = 0;
  let done!: (r: autocannon.Result) => void;
  let failed!: (e: unknown) => void;
  const finished = new Promise<autocannon.Result>((res, rej) => ((done = res), (failed = rej)));
  const options: autocannon.Options = {
    url: base,
    connections,
    duration,
    pipelining: 1,
    ...(s.headers ? { headers: s.headers } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `${s.path}${sep}b=${runId}${++counter}` }),
      },
    ],
  };
  const instance = autocannon(options, (err, result) => (err ? failed(err) : done(result)));
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (ms > 1000) over1s++;
  });
  const r = await finished;
  const cpu = pid ? cpuMs(pid) - cpuBefore : 0;
  return {
    cpuMsPerReq: r.requests.total ? Math.round((cpu / r.requests.total) * 10) / 10 : 0,
    reqPerSec: Math.round((r.requests.total / duration) * 10) / 10,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    over1s,
    errors: r.errors + r.timeouts + r.non2xx,
    load: loadavg(),
  };
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function seed(db: Sql): Promise<void> {
  // The bench data set of npm run bench: 1,000 listed escorts, 200 pending, 1,000 clients.
  await seedEscorts(db, { from: 1, to: 1200, inCity: 50, pendingInCity: 200 });
  await seedClients(db, { from: 1, to: 1000 });
  await db.query('analyze');
}

interface DriverTail {
  driver: string;
  rows: { scenario: TailScenario; bytes: number; alone: Tail; loaded: Tail }[];
}

async function benchDriver(driver: 'postgres' | 'pglite'): Promise<DriverTail> {
  const dataDir = tmpDir(`encanto-tail-${driver}-`);
  const dbName = `encanto_tail_${runId}`;
  let server: Server | undefined;
  try {
    if (driver === 'postgres') {
      const databaseUrl = await freshDatabase(adminUrl, dbName);
      server = await startServer({ databaseUrl, dataDir, nodeArgs });
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        await seed(c);
      } finally {
        await c.end();
      }
    } else {
      server = await startServer({ dataDir });
      await server.stop();
      const db = await openPglite(path.join(dataDir, 'pglite'));
      await seed(db);
      await db.close();
      server = await startServer({ dataDir, nodeArgs });
    }
    const out: DriverTail = { driver, rows: [] };
    const session = cookie ?? (await signInCookie(server.url));
    for (const picked of scenarios.filter((x) => only.length === 0 || only.some((w) => x.name.includes(w)))) {
      const s = picked.signedIn ? { ...picked, headers: { ...picked.headers, cookie: session } } : picked;
      const res = await fetch(`${server.url}${s.path}${s.path.includes('?') ? '&' : '?'}b=check`, {
        ...(s.headers ? { headers: s.headers } : {}),
      });
      const html = await res.text();
      const problem = res.status !== 200 ? `status ${res.status}` : s.check(html);
      if (problem) throw new Error(`${s.path}: ${problem}`);
      await tailLoad(server.url, s, CONNECTIONS, 3); // warm-up: JIT, caches
      await sleep(1000);
      const alone = await tailLoad(server.url, s, 1, aloneSeconds, server.pid);
      const loaded = await tailLoad(server.url, s, CONNECTIONS, seconds, server.pid);
      console.log(`  ${driver}: ${s.name}: alone ${JSON.stringify(alone)} loaded ${JSON.stringify(loaded)}`);
      out.rows.push({ scenario: s, bytes: Buffer.byteLength(html), alone, loaded });
    }
    return out;
  } finally {
    await server?.stop();
    // Profiling runs: keep the server's output (e.g. --trace-gc lines) beyond the temporary folder.
    if (server && process.env.TAIL_KEEP_LOG)
      fs.copyFileSync(server.logFile, `${process.env.TAIL_KEEP_LOG}.${driver}.log`);
    if (driver === 'postgres') await dropDatabase(adminUrl, dbName).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function markdown(results: DriverTail[], started: string, loadBefore: string): string {
  const lines = [
    `Command: \`npm run bench -- --render-tail\` (bench/render-tail.ts). Date: ${started}. Machine: ${machine()}.`,
    `Load average before: ${loadBefore}; after: ${loadavg()}. Each request \`?b=<unique n>\` (page cache miss); alone = 1 connection ${aloneSeconds} s, loaded = ${CONNECTIONS} connections ${seconds} s. Targets: loaded p99 < 300 ms, no request > 1 s, loaded req/s >= alone / 2.`,
  ];
  for (const r of results) {
    lines.push(
      '',
      `### ${r.driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, npm start default)'}`,
      '',
    );
    lines.push(
      '| page | bytes | alone req/s | alone p50 ms | alone CPU ms/req | loaded req/s | p50 ms | p90 ms | p99 ms | max ms | > 1 s | errors | loaded CPU ms/req | load avg (1/5/15) | targets |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { scenario, bytes, alone, loaded } of r.rows) {
      const met =
        loaded.p99 < 300 &&
        loaded.over1s === 0 &&
        loaded.errors === 0 &&
        loaded.reqPerSec * 2 >= alone.reqPerSec;
      lines.push(
        `| ${scenario.name} | ${bytes} | ${alone.reqPerSec} | ${alone.p50} | ${alone.cpuMsPerReq} | ${loaded.reqPerSec} | ${loaded.p50} | ${loaded.p90} | ${loaded.p99} | ${loaded.max} | ${loaded.over1s} | ${loaded.errors} | ${loaded.cpuMsPerReq} | ${loaded.load} | ${met ? 'met' : 'NOT met'} |`,
      );
    }
  }
  return lines.join('\n');
}

export async function runRenderTail(): Promise<void> {
  const started = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const loadBefore = loadavg();
  ensureBuilt();
  console.log(`render tail: ${machine()}`);
  const results: DriverTail[] = [];
  try {
    for (const d of drivers) results.push(await benchDriver(d));
  } finally {
    await stopAll();
  }
  const md = markdown(results, started, loadBefore);
  console.log(`\n${md}`);
  if (!process.env.TAIL_NO_WRITE) writeSection('render-tail', 'Render tail under load', md);
}

if (import.meta.main) {
  cleanupOnSignal();
  await runRenderTail();
}
