/**
 * Scale: the same listing scenarios against two databases side by side, one
 * with the known 1k set and one filled to 100,000 escorts, 50,000 clients,
 * 1,000,000 comments and 1,000,000 ratings (bench/seed-scale.ts), measured
 * alternately round by round, so the machine's load drift hits both alike.
 * Then EXPLAIN (ANALYZE, BUFFERS) of the app's own listing and aggregate
 * queries on the large database, captured from the query functions the
 * routes call, into bench/EXPLAIN.md.
 *
 *   npm run bench -- --scale        (after the normal run)
 *   node bench/scale.ts             (scale only)
 *   node bench/scale.ts --explain   (seed the large database and write bench/EXPLAIN.md only)
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/api/src/db/schema/index.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import {
  listedCities,
  publicCardsFrom,
  publicCardStarts,
} from '../apps/api/src/modules/directory/queries.ts';
import { firstListingPage } from '../apps/api/src/modules/directory/search.ts';
import { findAccountByNickname } from '../apps/api/src/modules/accounts/queries.ts';
import { commentsByClient, commentsOnEscort } from '../apps/api/src/modules/comments/queries.ts';
import { readTotals } from '../apps/api/src/modules/ratings/queries.ts';
import { commentedOn, pendingForEscort } from '../apps/api/src/modules/meetings/queries.ts';
import { listFavorites } from '../apps/api/src/modules/favorites/queries.ts';
import { resolveSession } from '../apps/api/src/modules/sessions/service.ts';
import { comunas } from '@encanto/core/geo';
import {
  adminUrl,
  CITY,
  cleanupOnSignal,
  dropDatabase,
  ensureBuilt,
  escortNick,
  freshDatabase,
  insertSession,
  loadavg,
  machine,
  runId,
  sleep,
  startServer,
  stopAll,
  tmpDir,
  type Server,
} from './lib.ts';
import { load, seedKnown, summarize, writeSection, type Row } from './run.ts';
import { fullScale, seedScale } from './seed-scale.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = 50;
/** BENCH_SCALE_FACTOR=0.05 for a quick try of the whole run with 5% of the rows. */
const factor = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
const size = {
  escorts: Math.max(1300, Math.round(fullScale.escorts * factor)),
  clients: Math.max(1100, Math.round(fullScale.clients * factor)),
  comments: Math.round(fullScale.comments * factor),
  ratings: Math.round(fullScale.ratings * factor),
};

/** Same city, a spelling never seen before: combining accents the server folds away but the cache keys on. */
export function uncachedPath(n: number): string {
  let marks = '';
  do {
    marks += String.fromCharCode(0x300 + (n % 112));
    n = Math.floor(n / 112);
  } while (n > 0);
  return `/api/usuario/ciudad/${encodeURIComponent(CITY + marks)}`;
}

/** autocannon with a path chosen per request. */
export async function loadPaths(base: string, next: () => string, duration = seconds): Promise<Row> {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  return summarize(result);
}

interface Scenario {
  name: string;
  run(base: string): Promise<Row>;
}

let counter = 1;
const comunaPaths = comunas.map((c) => `/api/usuario/ciudad/${encodeURIComponent(c.name)}`);
let rr = 0;
const scenarios: Scenario[] = [
  {
    name: `uncached listing: ${CITY} under a new spelling per request (every request misses the cache)`,
    run: (base) => loadPaths(base, () => uncachedPath(counter++)),
  },
  {
    name: `all ${comunas.length} comunas round-robin (5 s cache: each comuna is recomputed at most every 5 s)`,
    run: (base) => loadPaths(base, () => comunaPaths[rr++ % comunaPaths.length]!),
  },
  {
    name: `cached listing: GET /api/usuario/ciudad/${CITY}`,
    run: (base) => load(`${base}/api/usuario/ciudad/${CITY}`, {}, seconds),
  },
  { name: 'cached latest: GET /api/ultimos', run: (base) => load(`${base}/api/ultimos`, {}, seconds) },
];

/** Runs the app's query functions against a drizzle instance that records each SQL text and its parameters. */
async function explainAll(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const one = async (q: string, p: unknown[] = []) =>
    (await pool.query(q, p)).rows[0] as Record<string, string>;
  const escort = await one(`select id from accounts where nickname = $1`, [escortNick(1)]);
  const busy = await one(
    `select escort_id as id from comments group by escort_id order by count(*) desc limit 1`,
  );
  const client = await one(`select id from accounts where nickname = 'cli000001'`);
  const token = await insertSession(pool, `'${client.id}'::uuid`);
  const cases: [string, () => Promise<unknown>][] = [
    [
      `Listing by city (GET /api/usuario/ciudad/${CITY}): firstListingPage`,
      () => firstListingPage(db, new Date(), 'santiago'),
    ],
    ['Latest (GET /api/ultimos): firstListingPage', () => firstListingPage(db, new Date())],
    [
      `Card by nickname (GET /api/usuario/publico/${escortNick(1)}, /Card): findAccountByNickname`,
      () => findAccountByNickname(db, escortNick(1), 'escort'),
    ],
    [
      'Comments on an escort (GET /api/comments/nick_usuario/{nick}), the escort with the most comments: commentsOnEscort',
      () => commentsOnEscort(db, busy.id!, client.id!, new Date()),
    ],
    [
      'Comments by a client (GET /api/comments/nick_cliente/{nick}): commentsByClient',
      () => commentsByClient(db, client.id!, client.id!, new Date()),
    ],
    ['One comment per day check: commentedOn', () => commentedOn(db, client.id!, escort.id!, '2025-01-01')],
    [
      'Rating averages, step 1 (GET /api/ratings/promedioUsuario/{nick}): findAccountByNickname',
      () => findAccountByNickname(db, escortNick(1)),
    ],
    ['Rating averages, step 2: readTotals (running sums, one row)', () => readTotals(db, escort.id!)],
    [
      'Session lookup on every authenticated request: resolveSession',
      () => resolveSession(db, token, new Date()),
    ],
    ["Client's favourites (GET /api/favorites/mios): listFavorites", () => listFavorites(db, client.id!)],
    ["Escort's pending requests: pendingForEscort", () => pendingForEscort(db, escort.id!)],
    ['Sitemap, cities with listings (GET /sitemap.xml, cached 5 s): listedCities', () => listedCities(db)],
    [
      'Sitemap index, child starts (GET /sitemap.xml, cached 5 s): publicCardStarts',
      () => publicCardStarts(db, 10_000),
    ],
    [
      'Sitemap child, 10,000 profiles (GET /sitemaps/perfiles/{id}.xml, cached 5 s): publicCardsFrom',
      () => publicCardsFrom(db, '00000000-0000-0000-0000-000000000000', 10_000),
    ],
  ];
  const out: string[] = [];
  for (const [title, run] of cases) {
    captured.length = 0;
    await run();
    for (const q of captured) {
      const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
      const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
      const seq = lines.filter((l) => /Seq Scan/.test(l));
      const idx = [
        ...new Set(
          lines.flatMap(
            (l) =>
              /(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using |on )(\S+)/.exec(l)?.[1] ?? [],
          ),
        ),
      ];
      out.push(
        `### ${title}`,
        '',
        '```sql',
        q.sql,
        `-- params: ${JSON.stringify(q.params)}`,
        '```',
        '',
        '```',
        ...lines,
        '```',
        '',
      );
      out.push(
        `Indexes used: ${idx.length ? idx.join(', ') : 'none'}${seq.length ? `; sequential scans: ${seq.map((s) => s.trim()).join('; ')}` : '; no sequential scan'}.`,
        '',
      );
    }
  }
  await pool.end();
  return out.join('\n');
}

async function writeExplain(url: string, started: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const sizes = (
    await c.query(`select (select count(*) from accounts where kind = 'escort') as escorts, (select count(*) from accounts where kind = 'client') as clients,
      (select count(*) from comments) as comments, (select count(*) from escort_ratings) as ratings`)
  ).rows[0] as Record<string, string>;
  await c.end();
  const explain = await explainAll(url);
  fs.writeFileSync(
    path.join(import.meta.dirname, 'EXPLAIN.md'),
    `# Query plans at scale\n\nEXPLAIN (ANALYZE, BUFFERS, COSTS OFF) on PostgreSQL with ${sizes.escorts} escorts, ${sizes.clients} clients, ${sizes.comments} comments and ${sizes.ratings} ratings, written by bench/scale.ts on ${started}. Each query is the SQL the app's own query function sends (captured through drizzle's logger), with its parameters. The two sitemap queries read every listed or public profile by design (the sitemap lists them all, up to 50,000 URLs) and are served from the 5-second public cache.\n\n${explain}`,
  );
}

async function startWith(name: string, seed: (c: pg.Client) => Promise<unknown>) {
  const url = await freshDatabase(adminUrl, name);
  const server = await startServer({ databaseUrl: url, dataDir: tmpDir(`encanto-${name}-`) });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await seed(c);
  } finally {
    await c.end();
  }
  return { url, server };
}

export async function runScale(): Promise<void> {
  cleanupOnSignal();
  ensureBuilt();
  const started = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const loadBefore = loadavg();
  const servers: Server[] = [];
  let seedTimes: Record<string, number> = {};
  try {
    let seedSeconds = 0;
    if (process.argv.includes('--explain')) {
      const large = await startWith(`encanto_scale_100k_${runId}`, async (c) => {
        await seedKnown(c);
        seedTimes = await seedScale(c, size);
      });
      await large.server.stop();
      await writeExplain(large.url, started);
      return;
    }
    const small = await startWith(`encanto_scale_1k_${runId}`, seedKnown);
    servers.push(small.server);
    const large = await startWith(`encanto_scale_100k_${runId}`, async (c) => {
      await seedKnown(c);
      const t = performance.now();
      seedTimes = await seedScale(c, size);
      seedSeconds = (performance.now() - t) / 1000;
    });
    servers.push(large.server);
    const cl = new pg.Client({ connectionString: large.url });
    await cl.connect();
    const sizes = (
      await cl.query(`select (select count(*) from accounts where kind = 'escort') as escorts, (select count(*) from accounts where kind = 'client') as clients,
        (select count(*) from comments) as comments, (select count(*) from escort_ratings) as ratings, pg_size_pretty(pg_database_size(current_database())) as size`)
    ).rows[0] as Record<string, string>;
    await cl.end();

    const results = scenarios.map(() => ({ small: [] as Row[], large: [] as Row[] }));
    for (const server of [small.server, large.server])
      await load(`${server.url}/api/usuario/ciudad/${CITY}`, {}, 2); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const [i, s] of scenarios.entries()) {
        const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
        for (const which of order) {
          const server = which === 'small' ? small.server : large.server;
          results[i]![which].push(await s.run(server.url));
          await sleep(500);
        }
        console.log(
          `  scale round ${round + 1}: ${s.name}: 1k ${JSON.stringify(results[i]!.small.at(-1))} 100k ${JSON.stringify(results[i]!.large.at(-1))}`,
        );
      }
    }
    const mean = (xs: Row[], f: 'reqPerSec' | 'p50') =>
      Math.round(xs.reduce((a, x) => a + x[f], 0) / xs.length);
    const worst = (xs: Row[]) => Math.max(...xs.map((x) => x.p99));
    const md: string[] = [];
    md.push(
      `Command: \`npm run bench -- --scale\` (bench/scale.ts). Date: ${started}. Machine: ${machine()}. Load average before: ${loadBefore}; after: ${loadavg()}.`,
    );
    md.push(
      `Two production servers on PostgreSQL side by side: one database with the known set (1,200 escorts, 1,000 clients) and one filled to ${sizes.escorts} escorts, ${sizes.clients} clients, ${sizes.comments} comments and ${sizes.ratings} ratings (${sizes.size}). Seeding the large one (bench/seed-scale.ts, INSERT … SELECT generate_series) took ${seedSeconds.toFixed(0)} s: ${Object.entries(
        seedTimes,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')}.`,
    );
    md.push(
      `autocannon ${connections} connections, ${seconds} s per measurement, ${rounds} rounds, the two databases measured back to back in alternating order.`,
    );
    md.push(
      '',
      '| scenario | 1k req/s | 1k p50 ms | 1k p99 ms | 100k req/s | 100k p50 ms | 100k p99 ms | p99 100k / 1k | errors |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [i, s] of scenarios.entries()) {
      const r = results[i]!;
      const ratio = worst(r.large) / Math.max(1, worst(r.small));
      md.push(
        `| ${s.name} | ${mean(r.small, 'reqPerSec')} | ${mean(r.small, 'p50')} | ${worst(r.small)} | ${mean(r.large, 'reqPerSec')} | ${mean(r.large, 'p50')} | ${worst(r.large)} | ${ratio.toFixed(2)}x | ${[...r.small, ...r.large].reduce((a, x) => a + x.errors, 0)} |`,
      );
    }
    const u = results[0]!;
    const growth = worst(u.large) / Math.max(1, worst(u.small));
    md.push(
      '',
      `Per round p99 (1k / 100k): ${scenarios.map((s, i) => `${s.name.split(':')[0]}: ${results[i]!.small.map((x, j) => `${x.p99}/${results[i]!.large[j]!.p99}`).join(', ')}`).join('; ')}.`,
    );
    md.push(
      '',
      `Scale target (uncached listing p99 at 100k within 2x of 1k): ${growth.toFixed(2)}x, ${growth <= 2 ? 'met' : 'NOT met'}. Query plans: bench/EXPLAIN.md.`,
    );
    writeSection('bench:scale', 'Scale: 1k vs 100k escorts (npm run bench -- --scale)', md.join('\n'));
    await writeExplain(large.url, started);
    console.log(md.join('\n'));
  } finally {
    await stopAll();
    await dropDatabase(adminUrl, `encanto_scale_1k_${runId}`).catch(() => {});
    if (!process.env.BENCH_KEEP_SCALE_DB)
      await dropDatabase(adminUrl, `encanto_scale_100k_${runId}`).catch(() => {});
  }
}

if (import.meta.main) await runScale();
