/**
 * Discovery at scale (decision 0086): GET /api/escorts's search on PostgreSQL with 100,000 escorts
 * (or DISCOVERY_ESCORTS), generated with generate_series in a database of its own. For each
 * filter/sort combination the pages use: the first page and page 100 (reached by walking the
 * cursor), each run by 10 concurrent workers through the app's own searchEscorts (its pool of
 * connections, decision 0190, as the server has) so no response cache is involved; p99 into bench/RESULTS.md,
 * EXPLAIN (ANALYZE, BUFFERS) of each query into bench/EXPLAIN.md.
 *
 *   npm run bench -- --scale           (runs this after bench/scale.ts)
 *   node bench/discovery.ts            (this only; DISCOVERY_ESCORTS=1000000 for a million)
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { searchEscorts } from '../apps/api/src/modules/directory/search.ts';
import { searchLimits } from '@encanto/core/search-params';
import { adminUrl, cityTable, dropDatabase, freshDatabase, loadavg, machine, withDb } from './lib.ts';
import { writeSection } from './run.ts';
import { parse, pct, searchTimes, workers } from './text-searches.ts';

const escorts = Number(process.env.DISCOVERY_ESCORTS ?? 100_000);
const dbName = process.env.DISCOVERY_DB ?? 'bench_discovery';
const perWorker = Number(process.env.DISCOVERY_REQUESTS ?? 20);

export async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { names, keys } = cityTable();
  const t = performance.now();
  // Bulk load without triggers (superuser), then one escort_search_refresh() fills the search columns.
  await c.query(`set session_replication_role = replica`);
  // Indexes are built once after the load (a million rows through 17 indexes, three times over,
  // took longer than building them): their definitions are kept and replayed below.
  const { rows: indexes } = await c.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename = 'escort_profiles' and indexname <> 'escort_profiles_pkey'`,
  );
  for (const { name } of indexes) await c.query(`drop index "${name}"`);
  // A fifth in Santiago, the rest spread over the other comunas; 5% pending; mixed genders, ages,
  // availability, galleries and photos (every tenth has none).
  // Hashes, not i mod n, so the dimensions do not line up with one another.
  const h = (tag: string) => `(hashtext('${tag}' || i) & 1048575)`;
  const city = `(case when ${h('c')} % 5 = 0 then 1 else 2 + (${h('k')} % ${names.length - 1}) end)`;
  await c.query(
    `insert into accounts (id, kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm, fecha_nac, genero, fono,
       ciudad, url, pass_hash, autorizado, tipo_perfil, approved_at, created_at, updated_at)
     select md5('escort:' || i)::uuid, 'escort', (10000000 + i)::text || '-1', (10000000 + i)::text || '1',
       'Nombre Bench Apellido', 'esc' || lpad(i::text, 7, '0'), 'esc' || lpad(i::text, 7, '0'),
       'esc' || i || '@bench.cl', 'esc' || i || '@bench.cl',
       date '1960-01-01' + ((i::bigint * 7919) % 15000)::int,
       (array['Femenino','Femenino','Femenino','Femenino','Femenino','Femenino','Femenino','Transexual','Transexual','Masculino'])[1 + ${h('g')} % 10],
       '912345678', ($1::text[])[${city}],
       case when ${h('p')} % 10 = 3 then '' else '/media/ab/ab0123456789abcdef0123456789abcd-640.webp' end, 'x',
       case when i % 20 = 0 then 'pendiente' else 'aprobado' end, 'usuario', now(),
       now() - i * interval '1 second', now()
     from generate_series(1, ${escorts}) i`,
    [names],
  );
  await c.query(
    `insert into escort_profiles (account_id, city_key, estado, listed, public, gallery_count, fotos_verificadas, created_at, updated_at)
     select md5('escort:' || i)::uuid, ($1::text[])[${city}],
       case when ${h('e')} % 5 = 1 then 'inactiva' else 'disponible' end,
       i % 20 <> 0 and ${h('e')} % 5 <> 1, i % 20 <> 0, ${h('q')} % 3, ${h('v')} % 20 = 0,
       now() - i * interval '1 second', now()
     from generate_series(1, ${escorts}) i`,
    [keys],
  );
  await c.query(
    `insert into rating_totals (account_id, count, sum1, sum2, sum3, sum4, sum5)
     select md5('escort:' || i)::uuid, n, n * s, n * s, n * s, n * s, n * (1 + (i % 5))
     from (select i, 1 + i % 20 as n, 1 + (i * 31) % 5 as s from generate_series(1, ${escorts}) i where i % 4 <> 0) r`,
  );
  await c.query(`select escort_search_refresh()`);
  // The search reads comment_count only; a spread of counts stands in for a million comment rows.
  await c.query(`update escort_profiles set comment_count = (hashtext(account_id::text) & 63)`);
  await c.query(`set session_replication_role = origin`);
  await c.query(`set maintenance_work_mem = '256MB'`);
  for (const { def } of indexes) await c.query(def);
  await c.query(`vacuum analyze escort_profiles`);
  await c.query(`analyze accounts`);
  await c.query(`analyze rating_totals`);
  await c.end();
  return (performance.now() - t) / 1000;
}

/** The combinations the pages ask for: each place with each order, then the filters. */
const combos: string[] = [
  ...['', 'comuna=santiago', 'region=metropolitana-de-santiago', 'ciudad=temuco', 'zona=sur'].flatMap(
    (place) =>
      ['recientes', 'calificacion', 'comentarios'].map((o) =>
        [place, `orden=${o}`].filter(Boolean).join('&'),
      ),
  ),
  'comuna=santiago&genero=Transexual',
  'comuna=santiago&edad_min=25&edad_max=35',
  'comuna=santiago&con_galeria=true',
  'genero=Masculino&edad_min=40&orden=calificacion',
  'region=metropolitana-de-santiago&genero=Transexual&edad_max=30&con_galeria=true&orden=comentarios',
  'ciudad=temuco&orden=calificacion',
  // Verified photos (a twentieth of the profiles): their own partial index in "recientes".
  'fotos_verificadas=true',
  'comuna=santiago&fotos_verificadas=true',
];

/** `workers` (10) at a time, each `rounds` sequential searches; latency of each in ms. */
async function measure(
  db: Db,
  query: string,
  rounds = perWorker,
): Promise<{ p50: number; p99: number; max: number }> {
  const times = (await searchTimes(db, query, rounds)).sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99), max: times.at(-1)! };
}

/** The query string of page `n` (walking `siguiente` from page 1), or of the last page when there are fewer. */
async function pageQuery(db: Db, query: string, n: number): Promise<{ query: string; page: number }> {
  let cursor: string | undefined;
  let page = 1;
  while (page < n) {
    const a = await searchEscorts(db, parse(cursor ? `${query}&cursor=${cursor}` : query), new Date());
    if (!a.siguiente) break;
    cursor = a.siguiente;
    page++;
  }
  return { query: cursor ? `${query}${query ? '&' : ''}cursor=${cursor}` : query, page };
}

async function explain(url: string, queries: { label: string; query: string }[]): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const out: string[] = [];
  for (const { label, query } of queries) {
    captured.length = 0;
    await searchEscorts(db, parse(query), new Date());
    for (const [i, q] of captured.entries()) {
      const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      out.push(
        `### ${label}: ${i === 0 ? 'page' : 'total'}\n\n\`GET /api/escorts?${query.replace(/cursor=[^&]+/, 'cursor=…')}\`\n\n\`\`\`\n${text}\n\`\`\`\n`,
      );
    }
  }
  await pool.end();
  return out.join('\n');
}

export async function runDiscovery() {
  // DISCOVERY_REUSE=true measures a database seeded by an earlier run (with DISCOVERY_KEEP=true).
  const reuse = process.env.DISCOVERY_REUSE === 'true';
  const loadStart = loadavg();
  const url = reuse ? withDb(adminUrl, dbName) : await freshDatabase(adminUrl, dbName);
  const database = await openDatabase({ databaseUrl: url });
  let seeded = Number(process.env.DISCOVERY_SEEDED_S ?? 0);
  if (!reuse) {
    console.log(`seeding ${escorts} escorts into ${dbName}`);
    seeded = await seed(url);
    console.log(`  seeded in ${seeded.toFixed(1)} s`);
  } else await database.db.execute(sql`vacuum analyze escort_profiles`);
  const rows: string[] = [];
  const plans: { label: string; query: string }[] = [];
  // One untimed round first: the pool's connections, PostgreSQL's catalog caches and V8's compiled
  // code are warm before any cell is timed (cold, the first cell's p99 was 90 ms against ~30 for the rest).
  for (const combo of combos) await measure(database.db, combo, 2);
  for (const combo of combos) {
    const first = await measure(database.db, combo);
    const deep = await pageQuery(database.db, combo, 100);
    const later = await measure(database.db, deep.query);
    // The same page asked by its number alone (a typed `?pagina=N`): the start is found by the offset
    // of its first row in the same index, keys only.
    const numbered = await measure(
      database.db,
      [combo, `pagina=${Math.min(deep.page, searchLimits.maxNumberedPage)}`].filter(Boolean).join('&'),
    );
    const answer = await searchEscorts(database.db, parse(combo), new Date());
    const total = `${answer.total.toLocaleString('en')}${answer.total_exacto ? '' : '+'}`;
    const line = `| \`${combo || '(none)'}\` | ${total} | ${first.p50.toFixed(1)} | ${first.p99.toFixed(1)} | ${deep.page} | ${later.p50.toFixed(1)} | ${later.p99.toFixed(1)} | ${numbered.p50.toFixed(1)} | ${numbered.p99.toFixed(1)} |`;
    console.log(line);
    rows.push(line);
    plans.push({ label: `${combo || '(none)'}, page 1`, query: combo });
    plans.push({ label: `${combo || '(none)'}, page ${deep.page}`, query: deep.query });
  }
  const body = [
    `Command: \`DISCOVERY_ESCORTS=${escorts} node bench/discovery.ts\` (also run by \`npm run bench -- --scale\`${reuse ? '; this run with DISCOVERY_REUSE=true on a database seeded earlier' : ''}). ${machine()}; load average at the start ${loadStart}, at the end ${loadavg()}.`,
    '',
    `${escorts.toLocaleString('en')} escorts on PostgreSQL (95% public, a fifth in Santiago; seeded in ${seeded.toFixed(0)} s with generate_series).`,
    `Each cell: ${workers} concurrent workers x ${perWorker} searches through the app's searchEscorts (its pool of ${database.poolStats().max} connections, decision 0190; no response cache:`,
    `every call is the page query plus the count query, which reads at most 10,001 entries of an escort_count_* index: "10,000+" is the cap, "2,442+" a lower bound, \`total_exacto: false\`). Milliseconds. Deep page: page 100 reached by walking \`siguiente\`, or the last page when the filter has fewer; "by number": page min(N, ${searchLimits.maxNumberedPage}) asked as \`pagina=\` alone, without a cursor (found by the offset of its first row).`,
    '',
    `| query | total | page 1 p50 | page 1 p99 | deep page | deep p50 | deep p99 | page ${searchLimits.maxNumberedPage} by number p50 | by number p99 |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeSection(`discovery-${escorts}`, `Discovery search at ${escorts.toLocaleString('en')} escorts`, body);
  const explainFile = path.join(import.meta.dirname, 'EXPLAIN.md');
  const start = `<!-- discovery-${escorts}:start -->`;
  const end = `<!-- discovery-${escorts}:end -->`;
  const block = `${start}\n## Discovery search, ${escorts.toLocaleString('en')} escorts\n\n${await explain(url, plans)}\n${end}`;
  const text = fs.readFileSync(explainFile, 'utf8');
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(
    explainFile,
    re.test(text) ? text.replace(re, () => block) : `${text.trimEnd()}\n\n${block}\n`,
  );
  await database.close();
  if (process.env.DISCOVERY_KEEP !== 'true') await dropDatabase(adminUrl, dbName);
}

if (import.meta.main) await runDiscovery();
