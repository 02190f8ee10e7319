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
      // The termination notice reaches the client idle between two queries: the client then closes (its
      // 'end'), or, had the app no listener for it, its 'error' goes unhandled. Either way it has arrived.
      // (No 'error' listener here: it would handle the very event this test checks the app handles.)
      let noticeArrived = () => {};
      const arrived = new Promise<void>((resolve) => (noticeArrived = resolve));
      const onUncaught = (err: unknown) => {
        uncaught.push(err);
        noticeArrived();
      };
      process.on('uncaughtException', onUncaught);
      try {
        let caught: unknown;
        try {
          await database.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            };
            // The pooled client the transaction holds (drizzle keeps it on the transaction's session).
            const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
            client.once('end', () => noticeArrived());
            // What `pg_ctlcluster … stop -m fast` does to every backend, aimed at this one only.
            const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await admin.connect();
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            await admin.end();
            await arrived;
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
