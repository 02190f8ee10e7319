/**
 * Shared pieces of the benchmarks and the reliability suite: building the web
 * app, creating throw-away databases, starting the production server as a
 * child process (tracked by PID), seeding known data with set-based SQL, and
 * reading a process's memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { comunas, cityKey } from '@encanto/core/geo';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { randomToken, sha256 } from '../apps/api/src/lib/tokens.ts';
import { pgliteExtensions } from '../apps/api/src/db/pglite-extensions.ts';
import { freePort as anyFreePort } from '../apps/api/test/helpers/ports.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const nodeBin = path.join(root, 'node_modules/.bin/node');
export const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PASSWORD = 'bench12345';
/** The city whose listing is benchmarked: exactly 50 listed escorts. */
export const CITY = 'Santiago';

/** Per-run suffix for database and cluster names: runs by several engineers (and CI) share one machine. */
export const runId = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const BENCH_DOCUMENT_KEY = randomBytes(32).toString('hex');
/** A VAPID key pair (a P-256 pair, base64url), as production requires. */
const BENCH_VAPID = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
})();

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? '?';
  return `${os.cpus().length} CPUs (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average ${loadavg()}`;
}
export const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export function ensureBuilt(): void {
  if (fs.existsSync(path.join(dist, 'server/entry-server.js'))) return;
  const b = spawnSync('npm', ['run', 'build', '-w', '@encanto/web'], {
    cwd: root,
    env: { ...process.env, WEB_DIST_DIR: dist },
    stdio: 'inherit',
  });
  if (b.status !== 0) throw new Error('web build failed');
}

export function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates (or re-creates) a database on the server of `serverUrl` and returns its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  return withDb(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

/** BENCH_PORTS=3151-3159 keeps a shared machine's runs on their own ports (taken in turn). */
const portRange = process.env.BENCH_PORTS?.split('-').map(Number);
let nextPort = 0;
export function freePort(): number {
  if (portRange?.length === 2) return portRange[0]! + (nextPort++ % (portRange[1]! - portRange[0]! + 1));
  return anyFreePort();
}

export interface Server {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  logFile: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** kill -9, no shutdown work at all. */
  kill9(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** Wait for /api/ready (default) or only /api/health. */
  waitReady?: boolean;
  /** Another checkout of the repository to run the server from (bench/ab.ts). */
  cwd?: string;
  /** Node flags before the script (profiling: --cpu-prof, --trace-gc). */
  nodeArgs?: string[];
}

const running = new Set<ChildProcess>();
/** Stops every server this process started (by PID), for finally blocks and signals. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((c) => stopChild(c)));
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return;
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

/** Starts apps/api/src/server.ts in production mode with the built web app. */
export async function startServer(options: ServerOptions): Promise<Server> {
  const port = options.port ?? freePort();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const logFile = path.join(options.dataDir, `server-${port}.log`);
  const out = fs.openSync(logFile, 'a');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DEMO_DATA: 'false',
    RATE_LIMIT: 'false',
    WEB_DIST_DIR: dist,
    SITE_URL: `http://127.0.0.1:${port}`,
    // Production refuses to start without one; one per run, shared by the run's servers.
    DOCUMENT_KEY: BENCH_DOCUMENT_KEY,
    // Production requires VAPID keys (decision 0168); one pair per run, shared like the document key.
    VAPID_PUBLIC_KEY: BENCH_VAPID.publicKey,
    VAPID_PRIVATE_KEY: BENCH_VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:bench@encanto.local',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(nodeBin, [...(options.nodeArgs ?? []), 'apps/api/src/server.ts'], {
    cwd: options.cwd ?? root,
    env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  running.add(child);
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    child,
    pid: child.pid!,
    port,
    url,
    logFile,
    stop: () => stopChild(child),
    kill9: () => stopChild(child, 'SIGKILL'),
  };
  try {
    await waitFor(`${url}${options.waitReady === false ? '/api/health' : '/api/ready'}`, child, 90_000);
  } catch (err) {
    await server.stop();
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${(err as Error).message}\n--- server log ---\n${tail}`, { cause: err });
  }
  return server;
}

export async function waitFor(
  url: string,
  child: ChildProcess | undefined,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${url}: process exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 250 ms until stopped; returns the peak. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const t = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, rssMb(pid));
    },
  };
}

// ---- seeding ------------------------------------------------------------------------

/** Runs SQL on either driver: a pg client/pool or a PGlite instance (both have query(sql, params)). */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The comunas in catalogue order; index 0 is the benchmarked city. */
export function cityTable(): { names: string[]; keys: string[] } {
  const others = comunas.filter((c) => c.name !== CITY);
  const names = [CITY, ...others.map((c) => c.name)];
  return { names, keys: names.map((n) => cityKey(n)) };
}

/**
 * Bench accounts by number. Their ids are deterministic too (`md5('escort:' || i)::uuid` in the seeding
 * SQL), so later inserts (comments, ratings) compute them instead of joining.
 */
export const escortNick = (i: number) => `esc${String(i).padStart(6, '0')}`;
export const clientNick = (i: number) => `cli${String(i).padStart(6, '0')}`;
export const clientEmail = (i: number) => `${clientNick(i)}@bench.cl`;

let cachedHash: Promise<string> | undefined;
/** One real argon2id hash of PASSWORD, reused for every seeded account. */
export function passwordHash(): Promise<string> {
  cachedHash ??= hashPassword(PASSWORD);
  return cachedHash;
}

/**
 * Escorts numbered from..to (inclusive). The first `inCity` of the whole set are
 * listed in CITY; `pendingInCity` more are pending there (unlisted neighbours in
 * the partial index); the rest are listed round-robin over the other 345 comunas.
 * One statement per table: INSERT … SELECT over generate_series.
 */
export async function seedEscorts(
  db: Sql,
  o: { from: number; to: number; inCity: number; pendingInCity: number },
): Promise<void> {
  const { names, keys } = cityTable();
  const hash = await passwordHash();
  // city index: 0 (CITY) for the first inCity + pendingInCity, else 1 + i mod 345.
  const cityIdx = `(case when i <= ${o.inCity + o.pendingInCity} then 1 else 2 + (i % ${names.length - 1}) end)`;
  const approved = `(i <= ${o.inCity} or i > ${o.inCity + o.pendingInCity})`;
  await db.query(
    `insert into accounts (id, kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm, fecha_nac, genero, fono,
       ciudad, url, pass_hash, autorizado, tipo_perfil, approved_at, created_at, updated_at)
     select md5('escort:' || i)::uuid, 'escort', (10000000 + i)::text || '-1', (10000000 + i)::text || '1',
       'Nombre Bench Apellido', 'esc' || lpad(i::text, 6, '0'), 'esc' || lpad(i::text, 6, '0'),
       'esc' || lpad(i::text, 6, '0') || '@bench.cl', 'esc' || lpad(i::text, 6, '0') || '@bench.cl',
       date '1995-05-05' + (i % 3000), 'Femenino', '912345678', ($1::text[])[${cityIdx}],
       '/media/ab/ab0123456789abcdef0123456789abcd-640.webp', $2,
       case when ${approved} then 'aprobado' else 'pendiente' end, 'usuario',
       case when ${approved} then now() end, now() - i * interval '1 second', now()
     from generate_series(${o.from}, ${o.to}) i`,
    [names, hash],
  );
  await db.query(
    `insert into escort_profiles (account_id, city_key, medidas, legenda, estado, listed, public, created_at, updated_at)
     select md5('escort:' || i)::uuid, ($1::text[])[${cityIdx}], '90/60/90', 'Perfil de prueba de carga ' || i,
       'disponible', ${approved}, ${approved}, now() - i * interval '1 second', now()
     from generate_series(${o.from}, ${o.to}) i`,
    [keys],
  );
}

/** Approved clients numbered from..to, all with PASSWORD. */
export async function seedClients(db: Sql, o: { from: number; to: number }): Promise<void> {
  const hash = await passwordHash();
  const { names } = cityTable();
  await db.query(
    `insert into accounts (id, kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm, fecha_nac, genero, fono,
       ciudad, url, pass_hash, autorizado, tipo_perfil, approved_at)
     select md5('client:' || i)::uuid, 'client', (20000000 + i)::text || '-1', (20000000 + i)::text || '1',
       'Cliente Bench Apellido', 'cli' || lpad(i::text, 6, '0'), 'cli' || lpad(i::text, 6, '0'),
       'cli' || lpad(i::text, 6, '0') || '@bench.cl', 'cli' || lpad(i::text, 6, '0') || '@bench.cl',
       date '1990-01-01' + (i % 3000), 'Masculino', '987654321', ($1::text[])[1 + (i % ${names.length})],
       '/assets/avatars/masculino.svg', $2, 'aprobado', 'cliente', now()
     from generate_series(${o.from}, ${o.to}) i`,
    [names, hash],
  );
}

/** A session row for an account; returns the bearer token (only its SHA-256 is stored, as the app does). */
export async function insertSession(db: Sql, accountIdSql: string): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into sessions (account_id, token_hash, expires_at) values (${accountIdSql}, $1, now() + interval '1 day')`,
    [sha256(token)],
  );
  return token;
}

/** Opens an existing PGlite data directory in this process (the server must be stopped). */
export async function openPglite(dataDir: string): Promise<Sql & { close(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ extensions: pgliteExtensions, dataDir });
  return {
    query: async (text, params) => ({
      rows: (await db.query(text, params as unknown[])).rows as Record<string, unknown>[],
    }),
    close: () => db.close(),
  };
}

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Kills this process's children and exits on Ctrl-C, so no server outlives a run. */
export function cleanupOnSignal(extra: () => Promise<void> = async () => {}): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      void Promise.allSettled([stopAll(), extra()]).then(() => process.exit(130));
    });
  }
}

/** Replaces the text between <!-- name:start --> and <!-- name:end --> in bench/RESULTS.md (appends the block if missing). */
export function writeSection(name: string, title: string, body: string): void {
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(
    file,
    re.test(text) ? text.replace(re, () => block) : `${text.trimEnd()}\n\n## ${title}\n\n${block}\n`,
  );
}
