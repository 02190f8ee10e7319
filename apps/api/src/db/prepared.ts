import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and run with placeholders: drizzle builds a wide select's
 * SQL anew on every call, 13% of the server's CPU on a signed-in page (decision 0112), and on PostgreSQL
 * the named statement is also planned once per connection. Inside a transaction the query is built
 * on the transaction as usual (a prepared query runs on the pool, outside it).
 */
export function preparedOn<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  if (is(db, PgTransaction)) return build(db, name);
  const root = db as Db;
  let queries = built.get(root);
  if (!queries) built.set(root, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) queries.set(name, (query = build(root, name)));
  return query;
}
