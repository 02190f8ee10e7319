/**
 * Text search at scale (decision 0163): GET /api/escorts?q= on PostgreSQL with 100,000 escorts (or
 * TEXT_ESCORTS), seeded by bench/discovery.ts's generate_series load, then given display names from a
 * list of common Chilean first names, services, languages and a "Sobre mí" of stock phrases, and the
 * text documents filled by escort_search_text_refresh(). Four searches, each run by 10 concurrent
 * workers through the app's own searchEscorts (its pool, no response cache): a name prefix, a
 * comuna, a service word, and a word with two filters; p50/p99 into bench/RESULTS.md and EXPLAIN
 * (ANALYZE, BUFFERS) of each query into bench/EXPLAIN.md.
 *
 *   node bench/text-search.ts                      (100,000)
 *   TEXT_ESCORTS=1000000 node bench/text-search.ts (a million)
 *
 * TEXT_DB names the database and TEXT_KEEP=true keeps it; TEXT_REUSE=true measures a kept one again
 * (migrated to the current code and analyzed afresh) instead of seeding, which takes 16 minutes at a
 * million on a 2-core machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { searchEscorts } from '../apps/api/src/modules/directory/search.ts';
import { escortSearchQuerySchema } from '@encanto/core/search';
import { searchLimits } from '@encanto/core/search-params';
import { adminUrl, dropDatabase, freshDatabase, loadavg, machine, withDb, writeSection } from './lib.ts';

const escorts = Number(process.env.TEXT_ESCORTS ?? 100_000);
process.env.DISCOVERY_ESCORTS = String(escorts);
const { seed } = await import('./discovery.ts');
const dbName = process.env.TEXT_DB ?? `bench_text_${process.pid}`;
const workers = 10;
const perWorker = Number(process.env.TEXT_REQUESTS ?? 20);
const reuse = process.env.TEXT_REUSE === 'true';

const names = [
  'Valeria',
  'Valentina',
  'Bárbara',
  'Camila',
  'Catalina',
  'Javiera',
  'Constanza',
  'Francisca',
  'Fernanda',
  'Daniela',
  'Antonia',
  'Isidora',
  'Martina',
  'Sofía',
  'Florencia',
  'Josefa',
  'Trinidad',
  'Agustina',
  'Macarena',
  'Paula',
  'Carolina',
  'Natalia',
  'Andrea',
  'Romina',
  'Solange',
  'Ignacia',
  'Renata',
  'Amanda',
  'Scarlett',
  'Belén',
  'Millaray',
  'Ayelén',
  'Ximena',
  'Pía',
  'Rocío',
  'Maite',
  'Dominga',
  'Emilia',
];
const phrases = [
  'Hago masajes relajantes y descontracturantes.',
  'Hablo inglés y portugués.',
  'Atiendo en departamento privado, discreto y cómodo.',
  'Me encantan las cenas y los viajes.',
  'Trato de polola, cariñosa y simpática.',
  'Estudiante universitaria, alegre y educada.',
  'Masaje tántrico con aceites.',
  'Disponible fines de semana para eventos.',
];
const services = ['masajes', 'cena_evento', 'viajes', 'acompanamiento', 'pernoctar', 'baile_privado'];
const languages = ['espanol', 'ingles', 'portugues', 'frances'];

async function addText(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t = performance.now();
  // Hashes of the row's id per tag, so the dimensions do not line up with one another.
  const h = (tag: string, id = 'a.id') => `(hashtext('${tag}' || ${id}::text) & 1048575)`;
  const hp = (tag: string) => h(tag, 'e.account_id');
  // Both indexes over the document are built once after the load, not kept row by row through it
  // (the window index is the migration's own definition, read back).
  const windowIndex = await c.query<{ def: string }>(
    `select pg_get_indexdef('escort_search_text_window_idx'::regclass) as def`,
  );
  await c.query(`drop index escort_search_text_idx`);
  await c.query(`drop index escort_search_text_window_idx`);
  await c.query(`set session_replication_role = replica`);
  await c.query(
    `update accounts a set apellido = ($1::text[])[1 + ${h('n')} % array_length($1::text[], 1)]
       || case when ${h('s')} % 4 = 0 then ' ' || chr(65 + ${h('i')} % 26) || '.' else '' end
     where a.kind = 'escort'`,
    [names],
  );
  await c.query(
    `update escort_profiles e set
       legenda = ($1::text[])[1 + ${hp('l')} % array_length($1::text[], 1)]
         || ' ' || ($1::text[])[1 + ${hp('m')} % array_length($1::text[], 1)],
       servicios = array(select s from unnest($2::text[]) with ordinality x(s, n)
                         where (hashtext(e.account_id::text || s) & 3) = 0),
       idiomas = case when ${hp('y')} % 3 = 0
                   then array['espanol', ($3::text[])[2 + ${hp('z')} % 3]]
                   else array['espanol'] end`,
    [phrases, services, languages],
  );
  await c.query(`select escort_search_text_refresh()`);
  await c.query(`set session_replication_role = origin`);
  await c.query(`set maintenance_work_mem = '256MB'`);
  await c.query(`create index escort_search_text_idx on escort_profiles using gin (search_doc) where public`);
  await c.query(windowIndex.rows[0]!.def);
  await c.end();
  await settle(url);
  return (performance.now() - t) / 1000;
}

/** Fresh statistics, and the loaded rows written now rather than by a checkpoint during the measurement. */
async function settle(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`vacuum analyze escort_profiles`);
  await c.query(`analyze accounts`);
  await c.query(`checkpoint`);
  await c.end();
}

/** The issue's four: a name prefix, a comuna name, a service word, a word plus two filters. */
const searches: { label: string; query: string }[] = [
  { label: 'name prefix', query: 'q=vale' },
  { label: 'comuna name', query: 'q=providencia' },
  { label: 'service word', query: 'q=masaje' },
  { label: 'word + two filters', query: 'q=ingles&region=metropolitana-de-santiago&genero=Femenino' },
  // Beside them, for the record: a whole name, a broad word (a region's), a name and a comuna.
  { label: 'whole name', query: 'q=bárbara' },
  { label: 'broad word', query: 'q=santiago' },
  { label: 'name + comuna', query: 'q=valeria%20%C3%B1u%C3%B1oa' },
];

const parse = (q: string) => escortSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(db: Db, query: string, rounds = perWorker) {
  const input = parse(query);
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        await searchEscorts(db, input, new Date());
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

async function explain(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const out: string[] = [];
  for (const { label, query } of searches) {
    captured.length = 0;
    await searchEscorts(db as unknown as Db, parse(query), new Date());
    for (const [i, q] of captured.entries()) {
      const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      // A relevance page is one statement: its window, count, keys and cards (decisions 0182, 0184).
      const parts = captured.length === 1 ? ['page, count and cards'] : ['page', 'total'];
      out.push(
        `### ${label}: ${parts[i] ?? `query ${i + 1}`}\n\n\`GET /api/escorts?${query}\`\n\n\`\`\`\n${text}\n\`\`\`\n`,
      );
    }
  }
  await pool.end();
  return out.join('\n');
}

const loadStart = loadavg();
const url = reuse ? withDb(adminUrl, dbName) : await freshDatabase(adminUrl, dbName);
const database = await openDatabase({ databaseUrl: url });
try {
  let loaded: string;
  if (reuse) {
    await settle(url);
    loaded = `kept from an earlier run of this bench (TEXT_KEEP), migrated and analyzed afresh`;
  } else {
    console.log(`seeding ${escorts} escorts into ${dbName}`);
    const seeded = await seed(url);
    const text = await addText(url);
    console.log(`  seeded in ${seeded.toFixed(1)} s, text in ${text.toFixed(1)} s`);
    loaded = `bench/discovery.ts's load, seeded in ${seeded.toFixed(0)} s; then display names from ${names.length} first names, two "Sobre mí" phrases of ${phrases.length}, services and languages, and the text documents, in ${text.toFixed(0)} s`;
  }
  for (const { query } of searches) await measure(database.db, query, 2);
  const rows: string[] = [];
  for (const { label, query } of searches) {
    const m = await measure(database.db, query);
    const answer = await searchEscorts(database.db, parse(query), new Date());
    const total = `${answer.total.toLocaleString('en')}${answer.total_exacto ? '' : '+'}`;
    const line = `| ${label} | \`${decodeURIComponent(query)}\` | ${total} | ${m.p50.toFixed(1)} | ${m.p99.toFixed(1)} |`;
    console.log(line);
    rows.push(line);
  }
  const body = [
    `Command: \`${reuse ? `TEXT_DB=${dbName} TEXT_REUSE=true ` : ''}TEXT_ESCORTS=${escorts} node bench/text-search.ts\`. ${machine()}; load average at the start ${loadStart}, at the end ${loadavg()}.`,
    '',
    `${escorts.toLocaleString('en')} escorts on PostgreSQL (${loaded}).`,
    `Each row: ${workers} concurrent workers x ${perWorker} searches through the app's searchEscorts (its pool of ${database.poolStats().max} connections, decision 0190; no response cache): the relevance page in one statement: its keys among the newest ${searchLimits.textWindow} matches with their count (up to ${searchLimits.textWindow + 1}, read in the same walk) and its cards. Milliseconds.`,
    '',
    '| search | query | total | p50 | p99 |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeSection(`text-search-${escorts}`, `Text search at ${escorts.toLocaleString('en')} escorts`, body);
  const explainFile = path.join(import.meta.dirname, 'EXPLAIN.md');
  const start = `<!-- text-search-${escorts}:start -->`;
  const end = `<!-- text-search-${escorts}:end -->`;
  const block = `${start}\n## Text search, ${escorts.toLocaleString('en')} escorts\n\n${await explain(url)}\n${end}`;
  const old = fs.readFileSync(explainFile, 'utf8');
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(
    explainFile,
    re.test(old) ? old.replace(re, () => block) : `${old.trimEnd()}\n\n${block}\n`,
  );
} finally {
  await database.close();
  if (process.env.TEXT_KEEP !== 'true' && !reuse) await dropDatabase(adminUrl, dbName);
}
