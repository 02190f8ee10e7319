import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';

// The migrated template each PGlite test file copies (helpers/app.ts) is handed to PGlite as it is, not
// copied (db/tarball-blob.ts, decision 0189): PGlite must leave the bytes the next file copies unchanged.
describe.skipIf(process.env.TEST_DATABASE_URL)('the PGlite template, copied per test file', () => {
  it('opens a migrated copy from the bytes and leaves them as they were', async () => {
    const bytes = await fs.readFile(inject('pgliteTemplate'));
    const digest = () => createHash('sha256').update(bytes).digest('hex');
    const before = digest();
    const database = await openDatabase({ loadDataDir: bytes, migrate: false });
    try {
      const result = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
      // Only the database the tests use: the cluster's templates are dropped from the copy (decision 0191).
      const databases = await database.db.execute(sql`select datname from pg_database order by datname`);
      expect((databases as unknown as { rows: { datname: string }[] }).rows).toEqual([
        { datname: 'postgres' },
      ]);
    } finally {
      await database.close();
    }
    expect(digest()).toBe(before);
  });
});
