/**
 * GET /api/usuario/ciudad/{city} with 50 profiles, against a bare node:http
 * server returning the same bytes, in the same run, at 50 connections, on
 * PostgreSQL. Also prints the listing query's plan (EXPLAIN ANALYZE).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/listing.ts
 *
 * Creates and drops its own database. Targets: >= 60% of the baseline's req/s
 * and p99 < 50 ms. Appends nothing by itself: copy the printed table into
 * bench/RESULTS.md with the date and machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const node = path.join(root, 'node_modules/.bin/node');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const CITY = 'Santiago';
const dbName = `encanto_bench_${randomBytes(4).toString('hex')}`;
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');

function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function seed(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // 50 listed escorts in the benchmarked city, 950 elsewhere and 200 pending ones,
  // so the partial index has neighbours to skip.
  const cities = ['Santiago', 'Ñuñoa', 'Providencia', 'Temuco', 'Valparaíso', 'Talca', 'Arica', 'Osorno'];
  const rows: { city: string; approved: boolean }[] = [];
  for (let i = 0; i < 50; i++) rows.push({ city: CITY, approved: true });
  for (let i = 0; i < 950; i++) rows.push({ city: cities[1 + (i % (cities.length - 1))]!, approved: true });
  for (let i = 0; i < 200; i++) rows.push({ city: CITY, approved: false });
  let n = 0;
  for (const r of rows) {
    n++;
    const nick = `b${n}`;
    const key = r.city.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '-');
    const { rows: [acc] } = await c.query(
      `insert into accounts (kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm, fecha_nac, genero, fono, ciudad, url, pass_hash, autorizado, tipo_perfil, approved_at)
       values ('escort', $1, $1, 'Nombre Bench Apellido', $2, $2, $3, $3, '1995-05-05', 'Femenino', '912345678', $4,
               '/media/ab/ab0123456789abcdef0123456789abcd-640.webp', 'x', $5, 'usuario', now()) returning id`,
      [`${10_000_000 + n}-k`, nick, `${nick}@bench.cl`, r.city, r.approved ? 'aprobado' : 'pendiente'],
    );
    await c.query(
      `insert into escort_profiles (account_id, city_key, medidas, legenda, estado, listed, public, created_at)
       values ($1, $2, '90/60/90', 'Bench', 'disponible', $3, $3, now() - ($4 || ' minutes')::interval)`,
      [acc.id, key, r.approved, String(n)],
    );
  }
  await c.query('analyze');
  const plan = await c.query(
    `explain (analyze, buffers, costs off)
     select a.nickname, a.apellido, a.fecha_nac, a.genero, a.ciudad, a.url, p.estado
     from escort_profiles p join accounts a on a.id = p.account_id
     where p.listed and p.city_key = 'santiago' order by p.created_at desc limit 60`,
  );
  console.log('\nEXPLAIN ANALYZE of the listing query (50 listed in the city, 1,200 escorts in all):');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  await c.end();
}

function summarize(name: string, r: autocannon.Result) {
  return { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'server/entry-server.js'))) {
    const b = spawnSync('npm', ['run', 'build', '-w', '@encanto/web'], { cwd: root, env: { ...process.env, WEB_DIST_DIR: dist }, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('web build failed');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = withDb(adminUrl, dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-bench-'));
  const apiPort = 4300 + Math.floor(Math.random() * 300);
  const basePort = apiPort + 1;
  const children: ChildProcess[] = [];
  try {
    const api = spawn(node, ['apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        DEMO_DATA: 'false',
        RATE_LIMIT: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: dist,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(api);
    await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, api);
    await seed(dbUrl);

    const path_ = `/api/usuario/ciudad/${encodeURIComponent(CITY)}`;
    const sample = await fetch(`http://127.0.0.1:${apiPort}${path_}`);
    const body = await sample.text();
    const list = JSON.parse(body) as unknown[];
    if (list.length !== 50) throw new Error(`expected 50 profiles, got ${list.length}`);
    const headers = {
      'content-type': sample.headers.get('content-type') ?? 'application/json',
      'cache-control': sample.headers.get('cache-control') ?? '',
      etag: sample.headers.get('etag') ?? '',
    };
    // The baseline runs in its own process, like the API, so neither shares the load generator's CPU.
    const baseline = spawn(
      node,
      [
        '-e',
        `const http=require('node:http');const body=Buffer.from(process.env.BODY);const h=JSON.parse(process.env.HEADERS);
         http.createServer((q,s)=>{s.writeHead(200,{...h,'content-length':body.length});s.end(body)}).listen(${basePort},'127.0.0.1')`,
      ],
      { env: { ...process.env, BODY: body, HEADERS: JSON.stringify(headers) }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    children.push(baseline);
    await waitFor(`http://127.0.0.1:${basePort}/`, baseline);

    const run = (url: string) => autocannon({ url, connections, duration, pipelining: 1 });
    await autocannon({ url: `http://127.0.0.1:${apiPort}${path_}`, connections, duration: 2 }); // warm-up
    // Alternate the two servers twice so drift in the machine's load hits both alike.
    const rounds: ReturnType<typeof summarize>[][] = [];
    for (let i = 0; i < 2; i++) {
      rounds.push([
        summarize('bare node:http, same bytes', await run(`http://127.0.0.1:${basePort}/`)),
        summarize(`GET ${path_}`, await run(`http://127.0.0.1:${apiPort}${path_}`)),
      ]);
    }
    const mean = (k: 0 | 1, f: 'reqPerSec' | 'p99') => Math.round((rounds[0]![k]![f] + rounds[1]![k]![f]) / 2);
    const ratio = mean(1, 'reqPerSec') / mean(0, 'reqPerSec');
    const apiP99 = Math.max(rounds[0]![1]!.p99, rounds[1]![1]!.p99);
    console.log(`\nbody ${Buffer.byteLength(body)} bytes, ${connections} connections, ${duration} s each, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average before ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('| round | server | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|---|');
    rounds.forEach((round, i) => {
      for (const r of round) console.log(`| ${i + 1} | ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    });
    console.log(`\nAPI / baseline = ${(ratio * 100).toFixed(0)}% (target >= 60%), API p99 worst round ${apiP99} ms (target < 50 ms)`);
    process.exitCode = ratio >= 0.6 && apiP99 < 50 ? 0 : 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
