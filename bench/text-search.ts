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
import { searchLimits } from '@encanto/core/search-params';
import { adminUrl, dropDatabase, freshDatabase, loadavg, machine, withDb, writeSection } from './lib.ts';
import { parse, searches, timeSearch, workers } from './text-searches.ts';

const escorts = Number(process.env.TEXT_ESCORTS ?? 100_000);
process.env.DISCOVERY_ESCORTS = String(escorts);
const { seed } = await import('./discovery.ts');
const dbName = process.env.TEXT_DB ?? `bench_text_${process.pid}`;
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
  // The indexes over the documents are built once after the load, not kept row by row through it
  // (each the migrations' own definition, read back).
  const textIndexes = await c.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indexrelid in ('escort_search_text_idx'::regclass, 'escort_search_text_window_idx'::regclass,
       'escort_search_details_idx'::regclass)`,
  );
  for (const { name } of textIndexes.rows) await c.query(`drop index ${name}`);
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
  for (const { def } of textIndexes.rows) await c.query(def);
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

async function explain(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const out: string[] = [];
  for (const { label, query } of searches) {
    captured.length = 0;
    await searchEscorts(db as unknown as Db, parse(query), new Date());
    for (const q of captured) {
      const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      // A relevance page is one statement: its window, count, keys and cards (decisions 0182, 0184),
      // after the statistics' estimate for a word naming one comuna (decision 0196).
      const part = q.sql.includes('pg_stats') ? 'estimate outside the comuna' : 'page, count and cards';
      out.push(`### ${label}: ${part}\n\n\`GET /api/escorts?${query}\`\n\n\`\`\`\n${text}\n\`\`\`\n`);
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
  for (const { query } of searches) await timeSearch(database.db, query, 2);
  const rows: string[] = [];
  for (const { label, query } of searches) {
    const m = await timeSearch(database.db, query, perWorker);
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
