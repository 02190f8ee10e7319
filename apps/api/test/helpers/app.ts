import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { TEST_ADMIN_TOTP_SECRET } from './two-factor.ts';
import { runningClock } from './clock.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { Services } from '../../src/services.ts';
import { withDatabase } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The migrated template's tarball, read once per worker: the files a worker runs share its modules
 * (isolate: false), and PGlite only reads the bytes it loads (db/tarball-blob.ts, decision 0189).
 */
let templateBytes: Promise<Buffer> | undefined;

/** A fresh database copied from the migrated template, for one test file. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const name = `encanto_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false });
    return {
      database,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  templateBytes ??= fs.readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ loadDataDir: await templateBytes, migrate: false });
  return { database, drop: () => database.close() };
}

export async function createTestApp(
  options: { env?: Record<string, string>; services?: Partial<Services>; web?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DOCUMENT_KEY: randomBytes(32).toString('hex'),
    // The bootstrapped admin (ADMIN_EMAIL) gets this TOTP secret; tests compute her codes from it.
    ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
    // The run's encoded demo photos (scripts/test.ts), for the files that seed the demo.
    ...(process.env.DEMO_PHOTO_CACHE ? { DEMO_PHOTO_CACHE: process.env.DEMO_PHOTO_CACHE } : {}),
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    // A clock the test can move (helpers/clock.ts): freshCode skips to the next TOTP step instead of waiting.
    services: { clock: runningClock(), ...options.services },
    ...(options.web ? { web: true } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
