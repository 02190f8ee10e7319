import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type PgModule from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import { restrictTree } from '../lib/data-dir.ts';
import { pgliteExtensions } from './pglite-extensions.ts';
import { tarballBlob } from './tarball-blob.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept Db | Tx so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL; PGlite is one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** Called with each query's duration in seconds (metrics); one observer at a time. */
  observeQueries(observer: QueryObserver | undefined): void;
  /**
   * Calls `onNotify` for each notification on `channel` (NOTIFY, delivered when the notifying
   * transaction commits) until the returned function is called. PostgreSQL listens on a connection of
   * its own, opened again after a loss; a notification sent while it is down is not delivered.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

export type QueryObserver = (seconds: number) => void;

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Times every call of `target.query`, in both its promise and callback forms
 * (pg's pool calls a client's query with a callback). The observer is read at
 * call time, so wrapping costs one check per query while metrics are off.
 */
function timeQueries(target: Queryable, observer: () => QueryObserver | undefined): void {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    const observe = observer();
    if (!observe) return original(...args);
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  };
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests: migrated once, copied per file). */
  loadDataDir?: Uint8Array | undefined;
  migrate?: boolean;
  /** PostgreSQL's pool size; unset: defaultPoolMax(). */
  poolMax?: number | undefined;
  /** PGlite's memory (decision 0151): its buffer pool and per-sort memory, in MB. */
  pglite?: PgliteMemory | undefined;
}

export interface PgliteMemory {
  sharedBuffersMb: number;
  workMemMb: number;
}

/**
 * PGlite's PostgreSQL runs inside this process's WebAssembly memory, which only grows: its stock
 * shared_buffers of 128 MB was 150 MB resident from the first query on, for a database of a few MB
 * (decision 0151). maintenance_work_mem bounds what a migration's CREATE INDEX takes.
 */
export const defaultPgliteMemory: PgliteMemory = { sharedBuffersMb: 16, workMemMb: 4 };

export function pgliteStartParams(base: readonly string[], memory: PgliteMemory): string[] {
  return [
    ...base,
    '-c',
    `shared_buffers=${memory.sharedBuffersMb}MB`,
    '-c',
    `work_mem=${memory.workMemMb}MB`,
    '-c',
    `maintenance_work_mem=${Math.max(memory.workMemMb, 16)}MB`,
    '-c',
    'temp_buffers=2MB',
  ];
}

/**
 * Two connections per core (decision 0190): enough to keep the cores busy while a connection's answer
 * travels back, few enough that queries are not all running at once on cores they share unevenly
 * (with ten, the slowest of ten concurrent searches took three times their median). Past the pool a
 * query waits its turn, in order.
 */
export const defaultPoolMax = () => 2 * os.availableParallelism();

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolMax ?? defaultPoolMax())
    : await openPglite(options);
  if (options.migrate !== false) await migrate(database);
  // PGlite writes its files 0666 (its bundled cluster) or 0644 whatever the umask: owner-only once
  // open and migrated, and again on close (lib/data-dir.ts). Its folders are 0700 under the umask.
  if (database.driver === 'pglite' && options.dataDir) await restrictTree(options.dataDir);
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30000,
  });
  // A dropped connection must not crash the process: queries fail with 503 until the server is back.
  // The pool's own listener covers idle clients only; a client checked out between two queries of a
  // transaction when PostgreSQL stops emitted an unhandled 'error' and killed the process (found by the
  // reliability suite's database-loss test). Its next query fails instead, and the pool drops it on release.
  pool.on('error', () => {});
  let observer: QueryObserver | undefined;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // Every query, pooled or in a transaction, runs through a client's query.
    timeQueries(client as unknown as Queryable, () => observer);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    observeQueries: (o) => {
      observer = o;
    },
    listen: (channel, onNotify) => listenPostgres(pg, url, channel, onNotify),
  };
}

/** How long a lost listening connection waits before it connects again. */
const relistenMs = 5_000;

/**
 * A connection of its own for LISTEN, outside the pool (a pooled client is handed to other queries).
 * When the server goes away it is dropped and opened again every `relistenMs` until it answers; the
 * callers poll as well, so what was notified meanwhile is found by their next poll.
 */
async function listenPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  let closed = false;
  let client: PgModule.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), relistenMs).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost();
    }
    if (closed) await c.end().catch(() => undefined);
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir) await fs.mkdir(path.dirname(options.dataDir), { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: pgliteStartParams(PGlite.defaultStartParams, options.pglite ?? defaultPgliteMemory),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: tarballBlob(options.loadDataDir) } : {}),
  });
  let observer: QueryObserver | undefined;
  timeQueries(client as unknown as Queryable, () => observer);
  // Queries inside a transaction go through the transaction object, not the client.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      timeQueries(tx as unknown as Queryable, () => observer);
      return callback(tx);
    });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      if (options.dataDir) await restrictTree(options.dataDir);
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    observeQueries: (o) => {
      observer = o;
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        // A listener still registered when the database closes has nothing left to remove.
        if (!client.closed) await unlisten();
      };
    },
  };
}

export async function migrate(database: Database): Promise<void> {
  if (database.driver === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
  }
}
