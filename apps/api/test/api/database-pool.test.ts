import os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.ts';
import { defaultPoolMax, openDatabase } from '../../src/db/client.ts';

describe('the PostgreSQL pool (decision 0190)', () => {
  it('is two connections per core unless DATABASE_POOL_MAX says otherwise', () => {
    expect(defaultPoolMax()).toBe(2 * os.availableParallelism());
    expect(loadConfig({}).databasePoolMax).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_MAX: '6' }).databasePoolMax).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  // The queue past the pool is the point of its size: queries beyond it wait their turn, in order.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs that many queries at once and queues the rest in order',
    async () => {
      // The suite's own database, not the template others copy from (a connection there would stop them).
      const database = await openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL!,
        poolMax: 2,
        migrate: false,
      });
      try {
        const finished: number[] = [];
        const runs = [0, 1, 2, 3].map((i) =>
          database.db.execute(sql`select pg_sleep(0.2)`).then(() => finished.push(i)),
        );
        await vi.waitFor(() => expect(database.poolStats()).toMatchObject({ total: 2, waiting: 2, max: 2 }));
        await Promise.all(runs);
        expect(finished.slice(2).sort()).toEqual([2, 3]);
      } finally {
        await database.close();
      }
    },
  );
});
