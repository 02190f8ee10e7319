import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/errors.ts';
import { openTestDatabase } from '../helpers/app.ts';
import type { Database } from '../../src/db/client.ts';

/**
 * PostgreSQL going away while a transaction holds a pooled client between two
 * queries: the process must survive (this emitted an unhandled 'error' and
 * killed it), the transaction fails as "database unavailable" (503), and the
 * pool serves again with a new connection. PGlite has no connections to lose.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a connection lost in the middle of a transaction (PostgreSQL)',
  () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase());
    });
    afterAll(async () => {
      await drop();
    });

    it('fails the transaction as unavailable, keeps the process, and recovers', async () => {
      const uncaught: unknown[] = [];
      const onUncaught = (err: unknown) => uncaught.push(err);
      process.on('uncaughtException', onUncaught);
      try {
        let caught: unknown;
        try {
          await database.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            };
            // What `pg_ctlcluster … stop -m fast` does to every backend, aimed at this one only.
            const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await admin.connect();
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            await admin.end();
            await new Promise((r) => setTimeout(r, 300)); // the termination notice arrives while the client is idle
            await tx.execute(sql`select 1`);
          });
        } catch (err) {
          caught = err;
        }
        expect(uncaught).toEqual([]);
        expect(caught).toBeDefined();
        expect(isDatabaseUnavailable(caught)).toBe(true);
        await database.ping();
      } finally {
        process.off('uncaughtException', onUncaught);
      }
    });
  },
);
