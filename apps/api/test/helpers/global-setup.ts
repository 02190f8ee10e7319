import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.ts';

/**
 * Migrates a template database once per run. PGlite: a data-dir tarball that
 * each test file loads into its own in-memory instance. PostgreSQL
 * (TEST_DATABASE_URL): a template database each file copies with CREATE DATABASE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const template = `encanto_tpl_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Each file's copy opens faster without the cluster's two template databases, which no test connects
  // to and nothing creates a database from: 15 of the tarball's 43 MB (decision 0191).
  await client.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  for (const name of ['template0', 'template1']) await client.exec(`drop database ${name}`);
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `encanto-pglite-template-${process.pid}.tar`);
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(file, { force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
